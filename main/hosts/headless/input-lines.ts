/**
 * The headless host's stdin as lines, each at most `maxBytes` long. A longer line is never held: its bytes are
 * dropped as they arrive, and once it ends it comes out as an `overlong` item (its length and first bytes), so
 * the host refuses it with a `failed` line and reads on. A line that never ends (600 MB without a newline) costs
 * no more memory than one chunk of input.
 *
 * Written here rather than with node:readline, which holds a whole line in a string until its end (a line
 * without end grew the host until V8 gave up, and the host exited), and rather than split2, whose length limit
 * throws or drops the line without saying so. Line ends are readline's: `\n`, `\r\n` and a lone `\r`.
 */

export type InputLine = { line: string } | { overlong: { bytes: number; head: string } };

/** How much of an overlong line is kept, to name it in the `failed` line (displayScan shortens it further). */
const HEAD_BYTES = 64;
const LF = 0x0a;
const CR = 0x0d;

export async function* boundedLines(
  input: AsyncIterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<InputLine> {
  let parts: Buffer[] = [];
  let size = 0;
  /** The first bytes of the line in hand once it is known to be too long (its parts are dropped then). */
  let head: Buffer | undefined;
  /** The line before ended with `\r`: a `\n` right after it ends nothing more. */
  let afterCr = false;

  const take = (piece: Buffer): void => {
    size += piece.length;
    if (head) {
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, piece.subarray(0, HEAD_BYTES - head.length)]);
      return;
    }
    if (size > maxBytes) {
      head = Buffer.concat([...parts, piece.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
      parts = [];
      return;
    }
    // A copy: the chunk it came from is not kept alive by a short line.
    if (piece.length > 0) parts.push(Buffer.from(piece));
  };
  const end = (): InputLine => {
    const item: InputLine = head
      ? { overlong: { bytes: size, head: head.toString('utf8') } }
      : { line: Buffer.concat(parts, size).toString('utf8') };
    parts = [];
    size = 0;
    head = undefined;
    return item;
  };

  for await (const received of input) {
    const chunk = typeof received === 'string' ? Buffer.from(received, 'utf8') : received;
    let start = 0;
    if (afterCr && chunk[0] === LF) start = 1;
    afterCr = false;
    while (start < chunk.length) {
      const lf = chunk.indexOf(LF, start);
      const cr = chunk.indexOf(CR, start);
      const stop = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
      if (stop === -1) {
        take(chunk.subarray(start));
        break;
      }
      take(chunk.subarray(start, stop));
      yield end();
      start = stop + 1;
      if (chunk[stop] === CR) {
        if (start === chunk.length) afterCr = true;
        else if (chunk[start] === LF) start += 1;
      }
    }
  }
  if (size > 0 || head) yield end();
}
