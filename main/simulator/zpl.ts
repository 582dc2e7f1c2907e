/**
 * ZPL parcel labels, one `^XA … ^XZ` per parcel, sized to the media at 203 dpi. The result is bytes:
 * code page 850 under `^CI13` by default, or pure ASCII with `^FH` hex escapes of UTF-8 under `^CI28`
 * when the target asks for charset UTF8 (the printer's resident font only covers cp850).
 */
import iconv from 'iconv-lite';
import type { MediaSpec } from './catalogue';
import type { ZplCharsetOption } from './print-config';

export const DOTS_PER_MM = 8; // 203 dpi

export interface LabelParty {
  name?: string | null;
  address1?: string | null;
  address2?: string | null;
  zipcode?: string | null;
  city?: string | null;
  country?: string | null;
  phone?: string | null;
}

export interface ParcelLabel {
  sender: LabelParty;
  receiver: LabelParty;
  carrierName: string;
  serviceName: string;
  serviceId: string;
  shipmentNo: string;
  parcelNo: string;
  parcelIndex: number; // 1-based
  parcelCount: number;
  weightKg?: number | null;
  orderNo?: string | null;
  reference?: string | null;
  shipDate: string;
  returnLabel?: boolean;
}

export interface ZplOptions {
  media: MediaSpec;
  charset: ZplCharsetOption;
  mode: 'DT' | 'TT';
  xOffsetMm?: number;
  yOffsetMm?: number;
}

/** `^`, `~` and `_` would end or escape a field: always hex-escape them. */
const ZPL_SPECIAL = new Set(['^', '~', '_']);

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += `_${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/**
 * One `^FD` field. Under UTF8, every non-ASCII character becomes its UTF-8 bytes as `_XX` escapes, so the
 * document stays ASCII; under cp850 they stay as characters (encoded to cp850 bytes at the end).
 */
export function zplField(text: string, charset: ZplCharsetOption): string {
  // Control characters would corrupt the label; a space keeps the layout.
  // eslint-disable-next-line no-control-regex
  const clean = text.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, ' ');
  let body = '';
  let escaped = false;
  for (const ch of clean) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (ZPL_SPECIAL.has(ch)) {
      body += hex(Buffer.from(ch, 'ascii'));
      escaped = true;
    } else if (code > 0x7e && charset === 'UTF8') {
      body += hex(Buffer.from(ch, 'utf8'));
      escaped = true;
    } else {
      body += ch;
    }
  }
  return escaped ? `^FH_^FD${body}^FS` : `^FD${body}^FS`;
}

function partyLines(p: LabelParty): string[] {
  const place = [p.zipcode, p.city].filter(Boolean).join(' ');
  return [p.name, p.address1, p.address2, [place, p.country].filter(Boolean).join('  ')].filter(
    (l): l is string => !!l && l.trim() !== '',
  );
}

function oneLabel(label: ParcelLabel, opts: ZplOptions): string {
  const width = Math.round(opts.media.widthMm * DOTS_PER_MM);
  const height = Math.round(opts.media.heightMm * DOTS_PER_MM);
  // Layouts are drawn for 190 mm; shorter media shrink vertically so everything still fits.
  const s = Math.min(1, height / 1520);
  const y = (v: number) => Math.round(v * s);
  const f = (size: number) => Math.max(14, Math.round(size * Math.max(s, 0.6)));
  const fd = (text: string) => zplField(text, opts.charset);
  const lines: string[] = [];
  const cmd = (x: number, yy: number, font: number, text: string) =>
    lines.push(`^FO${x},${y(yy)}^A0N,${f(font)},${f(font)}${fd(text)}`);

  lines.push('^XA');
  lines.push(opts.charset === 'UTF8' ? '^CI28' : '^CI13');
  lines.push(`^PW${width}`, `^LL${height}`);
  lines.push(
    `^LH${Math.round((opts.xOffsetMm ?? 0) * DOTS_PER_MM)},${Math.round((opts.yOffsetMm ?? 0) * DOTS_PER_MM)}`,
  );
  lines.push(opts.mode === 'TT' ? '^MTT' : '^MTD');

  const [from, to] = label.returnLabel ? [label.receiver, label.sender] : [label.sender, label.receiver];
  cmd(32, 24, 26, label.returnLabel ? 'RETURN  From:' : 'From:');
  partyLines(from).forEach((l, i) => cmd(32, 56 + i * 30, 26, l));
  lines.push(`^FO24,${y(190)}^GB${width - 48},3,3^FS`);
  cmd(32, 206, 26, 'To:');
  partyLines(to).forEach((l, i) => cmd(32, 240 + i * 52, 46, l));
  if (to.phone) cmd(32, 450, 26, `Tel: ${to.phone}`);
  lines.push(`^FO24,${y(490)}^GB${width - 48},3,3^FS`);
  cmd(32, 510, 40, label.serviceName);
  cmd(32, 560, 26, `${label.carrierName}  ${label.serviceId}`);
  cmd(32, 600, 26, `Shipment no: ${label.shipmentNo}`);
  if (label.orderNo) cmd(32, 636, 26, `Order: ${label.orderNo}`);
  if (label.reference) cmd(32, 672, 26, `Ref: ${label.reference}`);
  cmd(32, 708, 26, `Date: ${label.shipDate}`);
  cmd(width - 260, 510, 40, `${label.parcelIndex}/${label.parcelCount}`);
  if (label.weightKg) cmd(width - 260, 560, 26, `${label.weightKg} kg`);
  lines.push(`^FO24,${y(760)}^GB${width - 48},3,3^FS`);
  // Code 128 of the parcel number; `>;` starts subset C, which packs the 20 digits into half the width.
  lines.push(`^FO70,${y(800)}^BY3,3,${y(260)}^BCN,${y(260)},Y,N,N^FD>;${label.parcelNo}^FS`);
  lines.push('^PQ1,0,1,Y');
  lines.push('^XZ');
  return lines.join('\n');
}

/** One document with one label per parcel, as bytes in the asked charset. */
export function buildZplLabels(labels: ParcelLabel[], opts: ZplOptions): Buffer {
  const text = labels.map((l) => oneLabel(l, opts)).join('\n') + '\n';
  return opts.charset === 'UTF8' ? Buffer.from(text, 'ascii') : iconv.encode(text, 'cp850');
}
