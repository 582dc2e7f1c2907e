import { describe, expect, it } from 'vitest';
import { boundedLines, type InputLine } from '../../../main/hosts/headless/input-lines';

async function linesOf(chunks: (string | Buffer)[], maxBytes = 16): Promise<InputLine[]> {
  async function* input() {
    for (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  }
  const out: InputLine[] = [];
  for await (const item of boundedLines(input(), maxBytes)) out.push(item);
  return out;
}

describe('the headless host’s input lines', () => {
  it('ends a line at \\n, \\r\\n and a lone \\r, as readline does, across chunk boundaries', async () => {
    expect(await linesOf(['ORD-1\nORD-2\r\nOR', 'D-3\rORD-4\r', '\nORD-5'])).toEqual([
      { line: 'ORD-1' },
      { line: 'ORD-2' },
      { line: 'ORD-3' },
      { line: 'ORD-4' },
      { line: 'ORD-5' },
    ]);
  });

  it('keeps empty lines (the host skips them) and decodes UTF-8 split between chunks', async () => {
    const åsa = Buffer.from('Åsa\n', 'utf8');
    expect(await linesOf(['\n', åsa.subarray(0, 1), åsa.subarray(1)])).toEqual([
      { line: '' },
      { line: 'Åsa' },
    ]);
  });

  it('refuses a line longer than the limit with its length and first bytes, then reads on', async () => {
    const long = '7'.repeat(100);
    expect(await linesOf(['ORD-1\n', long.slice(0, 30), long.slice(30), '\nORD-2\n'])).toEqual([
      { line: 'ORD-1' },
      { overlong: { bytes: 100, head: '7'.repeat(64) } },
      { line: 'ORD-2' },
    ]);
  });

  it('a line exactly at the limit is a line; one byte more is not', async () => {
    expect(await linesOf(['x'.repeat(16), '\n', 'y'.repeat(17), '\n'])).toEqual([
      { line: 'x'.repeat(16) },
      { overlong: { bytes: 17, head: 'y'.repeat(17) } },
    ]);
  });

  it('an overlong line that input ends without a newline is still refused', async () => {
    expect(await linesOf(['z'.repeat(40)])).toEqual([{ overlong: { bytes: 40, head: 'z'.repeat(40) } }]);
  });
});
