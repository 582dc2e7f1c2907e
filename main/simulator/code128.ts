/**
 * Code 128 (ISO/IEC 15417) as bar/space module widths, so PDF labels carry a barcode a scanner reads,
 * like the `^BC` on ZPL labels. All-digit values of even length use subset C (two digits a symbol);
 * anything else subset B (ASCII 32–126).
 */

/** Element widths (bar, space, bar, …) of symbol values 0–106; 106 is the stop with its termination bar. */
// prettier-ignore
const WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const CODE128_START_B = 104;
export const CODE128_START_C = 105;
export const CODE128_STOP = 106;

/** Symbol values including start, checksum and stop. */
export function code128Values(value: string): number[] {
  const subsetC = value.length > 0 && value.length % 2 === 0 && /^\d+$/.test(value);
  const data: number[] = [];
  if (subsetC) {
    for (let i = 0; i < value.length; i += 2) data.push(Number(value.slice(i, i + 2)));
  } else {
    for (const ch of value) {
      const code = ch.charCodeAt(0);
      data.push(code >= 32 && code <= 126 ? code - 32 : 31); // '?' for anything unencodable
    }
  }
  const start = subsetC ? CODE128_START_C : CODE128_START_B;
  const checksum = data.reduce((sum, v, i) => sum + v * (i + 1), start) % 103;
  return [start, ...data, checksum, CODE128_STOP];
}

/** Module widths, bar first, alternating bar/space. */
export function code128Modules(value: string): number[] {
  return code128Values(value).flatMap((v) => [...WIDTHS[v]!].map(Number));
}

export function code128WidthsOf(symbol: number): string | undefined {
  return WIDTHS[symbol];
}
