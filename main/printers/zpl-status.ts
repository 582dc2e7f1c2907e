/**
 * The Zebra `~HS` host status answer: three `<STX>…<ETX><CR><LF>` strings of comma-separated flags.
 *   String 1: aaa,b,c,dddd,eee,f,g,h,iii,j,k,l  — b paper out, c pause, f buffer full (12 fields)
 *   String 2: mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www  — o head up (open), p ribbon out (11 fields)
 *   String 3: xxxx,y                            — password, static RAM (not needed)
 * Anything that does not look like that is `unknown_status`: a printer's answer is never trusted, never thrown.
 */
import type { PrinterProblem } from '../../preload/api';
import type { PrinterStatus } from './types';

const STX = '\x02';
const ETX = '\x03';

/** The frames found so far in an answer; a reader stops once it has three. */
export function hostStatusFrames(text: string): string[] {
  const frames: string[] = [];
  let start = text.indexOf(STX);
  while (start !== -1) {
    const end = text.indexOf(ETX, start + 1);
    if (end === -1) break;
    frames.push(text.slice(start + 1, end));
    start = text.indexOf(STX, end + 1);
  }
  return frames;
}

const flag = (v: string | undefined): boolean | undefined =>
  v === '0' ? false : v === '1' ? true : undefined;
const numeric = (fields: string[]): boolean => fields.every((f) => /^\d+$/.test(f.trim()));

export function parseHostStatus(answer: Buffer | string): PrinterStatus {
  const text = typeof answer === 'string' ? answer : answer.toString('latin1');
  const unknown: PrinterStatus = { state: 'unknown', problems: ['unknown_status'], detail: printable(text) };
  const [first, second] = hostStatusFrames(text);
  if (first === undefined || second === undefined) return unknown;
  const s1 = first.split(',').map((f) => f.trim());
  const s2 = second.split(',').map((f) => f.trim());
  if (s1.length < 12 || s2.length < 11 || !numeric(s1) || !numeric(s2)) return unknown;
  const paperOut = flag(s1[1]);
  const paused = flag(s1[2]);
  const bufferFull = flag(s1[5]);
  const headOpen = flag(s2[2]);
  const ribbonOut = flag(s2[3]);
  if ([paperOut, paused, bufferFull, headOpen, ribbonOut].some((f) => f === undefined)) return unknown;
  const problems: PrinterProblem[] = [];
  if (paperOut) problems.push('paper_out');
  if (headOpen) problems.push('head_open');
  if (ribbonOut) problems.push('ribbon_out');
  if (paused) problems.push('paused');
  if (bufferFull) problems.push('buffer_full');
  return { state: problems.length === 0 ? 'ready' : 'error', problems };
}

/** Every problem `~HS` can report stops a label from printing now (a paused printer would print it later, unasked). */
export function blocksPrinting(problems: readonly PrinterProblem[]): boolean {
  return problems.some((p) => p !== 'unknown_status');
}

function printable(text: string): string {
  let out = '';
  for (const c of text.slice(0, 200)) {
    const code = c.charCodeAt(0);
    out += code < 0x20 || code >= 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : c;
  }
  return out;
}

/** A realistic `~HS` answer, for the virtual printer and tests. */
export function formatHostStatus(
  flags: Partial<Record<Exclude<PrinterProblem, 'unreachable' | 'unknown_status'>, boolean>>,
): string {
  const b = (v: boolean | undefined): string => (v ? '1' : '0');
  const s1 = `030,${b(flags.paper_out)},${b(flags.paused)},1245,000,${b(flags.buffer_full)},0,0,000,0,0,0`;
  const s2 = `001,0,${b(flags.head_open)},${b(flags.ribbon_out)},1,2,6,0,00000000,1,000`;
  const s3 = '1234,0';
  return `${STX}${s1}${ETX}\r\n${STX}${s2}${ETX}\r\n${STX}${s3}${ETX}\r\n`;
}
