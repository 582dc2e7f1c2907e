/**
 * printConfig → ordered targets, and the rule that picks a target per document: the first target whose
 * media fits. Parcel labels fit any media; A4 documents need a laser media that takes A4.
 */
import { MEDIA, takesA4, type MediaSpec } from './catalogue';
import type { PrintConfigInput } from './schemas';

export type ZplCharsetOption = 'cp850' | 'UTF8';

export interface PrintTarget {
  media: MediaSpec;
  type: 'pdf' | 'zpl';
  xOffsetMm: number;
  yOffsetMm: number;
  charset: ZplCharsetOption;
  mode: 'DT' | 'TT';
}

/** What a document needs from its media. */
export type DocumentClass = 'parcel-label' | 'a4';

export const DEFAULT_PRINT_CONFIG: PrintConfigInput = {
  target1Media: 'thermo-190',
  target1Type: 'zpl',
  target2Media: 'laser-a4',
  target2Type: 'pdf',
};

const FALLBACK_A4: PrintTarget = {
  media: MEDIA['laser-a4']!,
  type: 'pdf',
  xOffsetMm: 0,
  yOffsetMm: 0,
  charset: 'cp850',
  mode: 'DT',
};

function optionValue(options: unknown, key: string): string | undefined {
  if (!Array.isArray(options)) return undefined;
  for (const item of options as unknown[]) {
    if (item && typeof item === 'object') {
      const rec = item as Record<string, unknown>;
      if (
        typeof rec.key === 'string' &&
        rec.key.toLowerCase() === key &&
        rec.value !== undefined &&
        rec.value !== null
      )
        return String(rec.value);
    }
  }
  return undefined;
}

export type ParsedPrintConfig =
  { ok: true; targets: PrintTarget[] } | { ok: false; message: string; field: string };

export function parsePrintConfig(input: PrintConfigInput | null | undefined): ParsedPrintConfig {
  const config = input && Object.keys(input).length > 0 ? input : DEFAULT_PRINT_CONFIG;
  const targets: PrintTarget[] = [];
  for (let i = 1; i <= 4; i++) {
    const mediaId = config[`target${i}Media`];
    if (mediaId === undefined || mediaId === null || mediaId === '') continue;
    const media = MEDIA[String(mediaId).toLowerCase()];
    if (!media) return { ok: false, message: `Unknown media ${String(mediaId)}`, field: `target${i}Media` };
    const rawType = String(config[`target${i}Type`] ?? 'pdf').toLowerCase();
    if (rawType !== 'pdf' && rawType !== 'zpl')
      return { ok: false, message: `Unknown print type ${rawType}`, field: `target${i}Type` };
    const options = config[`target${i}Options`];
    const charset = optionValue(options, 'charset')?.toUpperCase() === 'UTF8' ? 'UTF8' : 'cp850';
    const mode = optionValue(options, 'mode')?.toUpperCase() === 'TT' ? 'TT' : 'DT';
    targets.push({
      media,
      type: rawType,
      xOffsetMm: Number(config[`target${i}XOffset`] ?? 0) || 0,
      yOffsetMm: Number(config[`target${i}YOffset`] ?? 0) || 0,
      charset,
      mode,
    });
  }
  if (targets.length === 0) return { ok: false, message: 'No print target', field: 'target1Media' };
  return { ok: true, targets };
}

/**
 * The first target whose media fits. When none takes A4, the A4 document is still made as an A4 PDF
 * (the station routes it to an office printer) rather than silently dropped.
 */
export function pickTarget(targets: PrintTarget[], docClass: DocumentClass): PrintTarget {
  if (docClass === 'parcel-label') return targets[0] ?? FALLBACK_A4;
  return targets.find((t) => takesA4(t.media)) ?? FALLBACK_A4;
}

/** The legacy `/pdfs` routes make PDFs whatever the target type says. */
export function asPdfTargets(targets: PrintTarget[]): PrintTarget[] {
  return targets.map((t) => ({ ...t, type: 'pdf' }));
}
