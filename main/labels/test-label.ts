/**
 * The printer test label: proves the printer, the route and the charset in one go. The Nordic line is the
 * point — if it comes out as `?` or mojibake, the printer's `^CI` setting or the chosen charset is wrong.
 */
import type { PrintableDocument, ZplCharset } from './document';
import type { UnencodableCharacters } from './charset';
import { CHARSET_COMMAND, encodeZpl, zplFieldData } from './charset';
import type { Result } from '../result';
import { err, ok } from '../result';

/** Every character a Nordic label needs, in both cases, plus the two continental ones we see most. */
export const TEST_CHARACTERS = 'ÅÄÖ åäö Øø Ææ é ü';

export interface TestLabelInput {
  printerName: string;
  charset: ZplCharset;
  now: Date;
  /** An extra line (e.g. a receiver name to try): reported, not replaced, when the charset cannot carry it. */
  extraText?: string;
}

function testDocumentId(now: Date): string {
  return `test-${now.toISOString().replace(/[:.]/g, '-')}`;
}

/** A 107 mm wide ZPL label at 203 dpi with a field per line; every field goes through `zplFieldData`. */
export function buildZplTestLabel(input: TestLabelInput): Result<PrintableDocument, UnencodableCharacters> {
  const { charset } = input;
  const lines: { y: number; size: number; text: string }[] = [
    { y: 40, size: 50, text: 'Packbench test label' },
    { y: 120, size: 34, text: `Printer: ${input.printerName}` },
    { y: 170, size: 34, text: `Charset: ${charset} (${CHARSET_COMMAND[charset]})` },
    { y: 240, size: 60, text: TEST_CHARACTERS },
    { y: 330, size: 30, text: input.now.toISOString() },
  ];
  if (input.extraText !== undefined) lines.push({ y: 380, size: 34, text: input.extraText });
  const fields = lines.map(
    (l) => `^FO40,${l.y}^A0N,${l.size},${l.size}^FH_^FD${zplFieldData(l.text, charset)}^FS`,
  );
  const zpl = [
    '^XA',
    CHARSET_COMMAND[charset],
    '^PW856',
    '^LH0,0',
    ...fields,
    '^FO40,440^BY3^BCN,120,Y,N,N^FDPACKBENCH-TEST^FS',
    '^PQ1',
    '^XZ',
    '',
  ].join('\n');
  const bytes = encodeZpl(zpl, charset);
  if (!bytes.ok) return err(bytes.error);
  return ok({
    id: testDocumentId(input.now),
    kind: 'other',
    format: 'zpl',
    charset,
    media: 'thermo-190',
    bytes: bytes.value,
    description: 'Printer test label',
  });
}

/** An A4 test page for document printers (PDF); pdf-lib's standard fonts carry the Nordic characters. */
export async function buildPdfTestPage(input: Omit<TestLabelInput, 'charset'>): Promise<PrintableDocument> {
  // Loaded on first use: pdf-lib and its fonts cost a station tens of megabytes it rarely needs.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(input.now);
  pdf.setModificationDate(input.now);
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const lines: [string, number, typeof font][] = [
    ['Packbench test page', 28, bold],
    [`Printer: ${input.printerName}`, 14, font],
    [TEST_CHARACTERS, 24, font],
    [input.now.toISOString(), 12, font],
    ['This page is printed at 100 % on A4: a 50 mm line below must measure 50 mm.', 11, font],
  ];
  if (input.extraText !== undefined) lines.push([input.extraText, 14, font]);
  let y = 780;
  for (const [text, size, f] of lines) {
    page.drawText(text, { x: 56, y, size, font: f });
    y -= size * 2;
  }
  const mm = 72 / 25.4;
  page.drawLine({ start: { x: 56, y: y - 10 }, end: { x: 56 + 50 * mm, y: y - 10 }, thickness: 1 });
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return {
    id: testDocumentId(input.now),
    kind: 'other',
    format: 'pdf',
    media: 'laser-a4',
    bytes,
    description: 'Printer test page',
  };
}
