import { useTranslation } from 'react-i18next';
import type { ZplCharset } from '../../../../preload/api';
import type { Choice } from '../../components/Field';
import { formatNumber } from '../../i18n/format';

/**
 * nShift's media codes in words an admin reads ("Label 107 × 190 mm, thermal"), from its list of media: thermal
 * labels 107 mm wide and their length, laser sheets by paper size. The code stays the value saved.
 */
const MEDIA: Record<string, { thermal: [number, number] } | { sheet: string }> = {
  'thermo-190': { thermal: [107, 190] },
  'thermo-165': { thermal: [107, 165] },
  'thermo-225': { thermal: [107, 225] },
  'thermo-250': { thermal: [107, 250] },
  'thermo-se': { thermal: [107, 251] },
  'thermo-brev3': { thermal: [107, 72] },
  'laser-a4': { sheet: 'A4' },
  'laser-a5': { sheet: 'A5' },
  'laser-2a5': { sheet: '2a5' },
  'laser-ste': { sheet: 'ste' },
};

export const KNOWN_MEDIA = Object.keys(MEDIA);

/** The media choices of a print target, with the one in use first among them when nShift's list lacks it. */
export function useMediaChoices(current: string): Choice<string>[] {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatNumber(n, i18n.language);
  const words = (code: string): string => {
    const media = MEDIA[code];
    if (!media) return t('settings.printConfig.mediaWords.code', { code });
    if ('thermal' in media)
      return t('settings.printConfig.mediaWords.thermal', {
        width: number(media.thermal[0]),
        length: number(media.thermal[1]),
      });
    if (media.sheet === '2a5') return t('settings.printConfig.mediaWords.twoA5');
    if (media.sheet === 'ste') return t('settings.printConfig.mediaWords.ste');
    return t('settings.printConfig.mediaWords.sheet', { paper: media.sheet });
  };
  const codes = current && !MEDIA[current] ? [current, ...KNOWN_MEDIA] : KNOWN_MEDIA;
  return codes.map((code) => ({ value: code, label: words(code) }));
}

/** The ZPL charsets in words: which letters each prints, not just its code. */
export function useCharsetChoices(): Choice<ZplCharset>[] {
  const { t } = useTranslation();
  return [
    { value: 'cp850', label: t('settings.printConfig.charsets.cp850') },
    { value: 'UTF8', label: t('settings.printConfig.charsets.UTF8') },
  ];
}
