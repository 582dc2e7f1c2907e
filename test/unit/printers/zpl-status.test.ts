import { describe, expect, it } from 'vitest';
import { blocksPrinting, formatHostStatus, parseHostStatus } from '../../../main/printers/zpl-status';

const STX = '\x02';
const ETX = '\x03';

describe('parseHostStatus (~HS)', () => {
  it('reads a ready printer', () => {
    expect(parseHostStatus(formatHostStatus({}))).toEqual({ state: 'ready', problems: [] });
  });

  it('reads a real answer with CR LF between strings', () => {
    const answer = `${STX}030,0,0,1245,000,0,0,0,000,0,0,0${ETX}\r\n${STX}001,0,0,0,1,2,6,0,00000000,1,000${ETX}\r\n${STX}1234,0${ETX}\r\n`;
    expect(parseHostStatus(Buffer.from(answer, 'latin1'))).toEqual({ state: 'ready', problems: [] });
  });

  it.each([
    ['paper_out', { paper_out: true }],
    ['paused', { paused: true }],
    ['buffer_full', { buffer_full: true }],
    ['head_open', { head_open: true }],
    ['ribbon_out', { ribbon_out: true }],
  ] as const)('maps its flag to %s', (problem, flags) => {
    const status = parseHostStatus(formatHostStatus(flags));
    expect(status.state).toBe('error');
    expect(status.problems).toEqual([problem]);
    expect(blocksPrinting(status.problems)).toBe(true);
  });

  it('reports several problems at once', () => {
    const status = parseHostStatus(formatHostStatus({ paper_out: true, paused: true, head_open: true }));
    expect(status.problems).toEqual(['paper_out', 'head_open', 'paused']);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'PRINTER READY'],
    ['one frame only', `${STX}030,0,0,1245,000,0,0,0,000,0,0,0${ETX}`],
    ['too few fields', `${STX}030,0,0${ETX}${STX}001,0,0${ETX}${STX}1234,0${ETX}`],
    [
      'letters where flags belong',
      `${STX}030,X,0,1245,000,0,0,0,000,0,0,0${ETX}${STX}001,0,0,0,1,2,6,0,00000000,1,000${ETX}`,
    ],
    [
      'a flag that is not 0 or 1',
      `${STX}030,2,0,1245,000,0,0,0,000,0,0,0${ETX}${STX}001,0,0,0,1,2,6,0,00000000,1,000${ETX}`,
    ],
    ['binary noise', Buffer.from([0, 255, 2, 3, 2, 44, 3, 13, 10, 200]).toString('latin1')],
  ])('garbage (%s) is unknown_status, never a crash', (_name, text) => {
    const status = parseHostStatus(text);
    expect(status.state).toBe('unknown');
    expect(status.problems).toEqual(['unknown_status']);
    expect(blocksPrinting(status.problems)).toBe(false);
  });
});
