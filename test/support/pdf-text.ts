import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, read from its content streams (Flate-decoded when compressed): enough for tests to
 * check which shipment numbers a manifest lists. Handles the `(literal) Tj` and `<hex> Tj` forms pdf-lib writes.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start === -1) break;
    let bodyStart = start + 'stream'.length;
    if (pdf[bodyStart] === 0x0d) bodyStart++;
    if (pdf[bodyStart] === 0x0a) bodyStart++;
    const end = pdf.indexOf('endstream', bodyStart, 'latin1');
    if (end === -1) break;
    const raw = pdf.subarray(bodyStart, end);
    let body: Buffer;
    try {
      body = inflateSync(raw);
    } catch {
      body = raw;
    }
    const text = body.toString('latin1');
    for (const match of text.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (match[1] !== undefined)
        out.push(Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1'));
      else if (match[2] !== undefined) out.push(match[2].replace(/\\(.)/g, '$1'));
    }
    at = end + 'endstream'.length;
  }
  return out.join('\n');
}
