/**
 * PDF documents made with pdf-lib: parcel labels (page = media size), A4 waybills, customs declarations and
 * end-of-day manifests. Standard fonts are WinAnsi: Nordic letters pass, anything else is replaced on
 * purpose (by its unaccented base letter, else `?`) instead of making pdf-lib throw.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { MediaSpec } from './catalogue';
import { code128Modules } from './code128';
import type { LabelParty, ParcelLabel } from './zpl';

const MM = 72 / 25.4;
const A4 = { widthMm: 210, heightMm: 297 };

/** WinAnsi (cp1252) characters outside Latin-1 that pdf-lib's standard fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** Letters whose stroke does not decompose (NFD leaves them whole): their plain base letter. */
const STROKED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (isWinAnsi(ch)) {
      out += ch;
      continue;
    }
    if (ch === '\t' || ch === '\n' || ch === '\r') {
      out += ' ';
      continue;
    }
    const stroked = STROKED[ch];
    if (stroked) {
      out += stroked;
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
  }
  return out;
}

interface Writer {
  page: PDFPage;
  font: PDFFont;
  bold: PDFFont;
}

function text(w: Writer, value: string, xMm: number, yFromTopMm: number, size: number, bold = false): void {
  const { height } = w.page.getSize();
  w.page.drawText(toWinAnsi(value), {
    x: xMm * MM,
    y: height - yFromTopMm * MM,
    size,
    font: bold ? w.bold : w.font,
    color: rgb(0, 0, 0),
  });
}

function line(w: Writer, yFromTopMm: number, x1Mm: number, x2Mm: number): void {
  const { height } = w.page.getSize();
  w.page.drawLine({
    start: { x: x1Mm * MM, y: height - yFromTopMm * MM },
    end: { x: x2Mm * MM, y: height - yFromTopMm * MM },
    thickness: 0.8,
  });
}

function partyText(p: LabelParty): string[] {
  return [p.name, p.address1, p.address2, [p.zipcode, p.city].filter(Boolean).join(' '), p.country].filter(
    (l): l is string => !!l && l.trim() !== '',
  );
}

async function newDoc(title: string): Promise<{ doc: PDFDocument; font: PDFFont; bold: PDFFont }> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(title));
  doc.setProducer('Packbench nShift simulator');
  // Fixed dates keep the bytes a pure function of the inputs.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

async function save(doc: PDFDocument): Promise<Buffer> {
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A Code 128 barcode of `value`, `widthMm` wide including nothing but the symbol (quiet zones are the caller's margins). */
function barcode(
  w: Writer,
  value: string,
  xMm: number,
  yFromTopMm: number,
  widthMm: number,
  heightMm: number,
): void {
  const { height } = w.page.getSize();
  const modules = code128Modules(value);
  const total = modules.reduce((a, b) => a + b, 0);
  const unit = (widthMm * MM) / total;
  let x = xMm * MM;
  modules.forEach((m, i) => {
    if (i % 2 === 0)
      w.page.drawRectangle({
        x,
        y: height - (yFromTopMm + heightMm) * MM,
        width: m * unit,
        height: heightMm * MM,
        color: rgb(0, 0, 0),
      });
    x += m * unit;
  });
}

export async function buildPdfLabels(labels: ParcelLabel[], media: MediaSpec): Promise<Buffer> {
  const { doc, font, bold } = await newDoc('Label');
  for (const label of labels) {
    const page = doc.addPage([media.widthMm * MM, media.heightMm * MM]);
    const w: Writer = { page, font, bold };
    const scale = Math.min(1, media.heightMm / 190);
    const [from, to] = label.returnLabel ? [label.receiver, label.sender] : [label.sender, label.receiver];
    let y = 8;
    text(w, label.returnLabel ? 'RETURN  From:' : 'From:', 5, y, 8);
    for (const l of partyText(from)) text(w, l, 5, (y += 4.5 * scale), 9);
    line(w, (y += 4 * scale), 3, 104);
    text(w, 'To:', 5, (y += 5 * scale), 8);
    for (const l of partyText(to)) text(w, l, 5, (y += 7 * scale), 14, true);
    line(w, (y += 5 * scale), 3, 104);
    text(w, label.serviceName, 5, (y += 7 * scale), 13, true);
    text(w, `${label.parcelIndex}/${label.parcelCount}`, 85, y, 13, true);
    text(w, `${label.carrierName}  ${label.serviceId}`, 5, (y += 5 * scale), 9);
    text(w, `Shipment no: ${label.shipmentNo}`, 5, (y += 5 * scale), 9);
    if (label.orderNo) text(w, `Order: ${label.orderNo}`, 5, (y += 5 * scale), 9);
    if (label.weightKg) text(w, `${label.weightKg} kg`, 85, y, 9);
    text(w, `Date: ${label.shipDate}`, 5, (y += 5 * scale), 9);
    barcode(w, label.parcelNo, 8, (y += 5 * scale), 90, 25 * scale);
    text(w, label.parcelNo, 20, y + 25 * scale + 5, 11);
  }
  return save(doc);
}

export interface WaybillInput {
  title: string; // "Waybill"
  shipmentNo: string;
  carrierName: string;
  serviceName: string;
  sender: LabelParty;
  receiver: LabelParty;
  shipDate: string;
  parcels: Array<{ parcelNo: string; weightKg?: number | null; reference?: string | null }>;
  note?: string;
}

/** An A4 document with parties and one row per parcel: the waybill of a closed consolidated shipment. */
export async function buildWaybillPdf(input: WaybillInput): Promise<Buffer> {
  const { doc, font, bold } = await newDoc(input.title);
  let page = doc.addPage([A4.widthMm * MM, A4.heightMm * MM]);
  let w: Writer = { page, font, bold };
  text(w, input.title, 15, 20, 20, true);
  text(w, `Shipment no: ${input.shipmentNo}`, 15, 30, 11);
  text(w, `${input.carrierName} - ${input.serviceName}`, 15, 36, 11);
  text(w, `Ship date: ${input.shipDate}`, 15, 42, 11);
  text(w, 'Sender', 15, 55, 10, true);
  partyText(input.sender).forEach((l, i) => text(w, l, 15, 61 + i * 5, 10));
  text(w, 'Receiver', 110, 55, 10, true);
  partyText(input.receiver).forEach((l, i) => text(w, l, 110, 61 + i * 5, 10));
  if (input.note) text(w, input.note, 15, 90, 10);
  text(w, 'Parcel no', 15, 100, 10, true);
  text(w, 'Weight', 110, 100, 10, true);
  text(w, 'Reference', 140, 100, 10, true);
  line(w, 102, 15, 195);
  let y = 108;
  for (const p of input.parcels) {
    if (y > 280) {
      page = doc.addPage([A4.widthMm * MM, A4.heightMm * MM]);
      w = { page, font, bold };
      y = 20;
    }
    text(w, p.parcelNo, 15, y, 10);
    text(w, p.weightKg ? `${p.weightKg} kg` : '', 110, y, 10);
    text(w, p.reference ?? '', 140, y, 10);
    y += 6;
  }
  text(w, `Parcels: ${input.parcels.length}`, 15, y + 6, 11, true);
  return save(doc);
}

export interface CustomsInput {
  shipmentNo: string;
  sender: LabelParty;
  receiver: LabelParty;
  parcels: Array<{
    parcelNo: string;
    contents?: string | null;
    weightKg?: number | null;
    value?: number | null;
  }>;
  date: string;
}

export async function buildCustomsPdf(input: CustomsInput): Promise<Buffer> {
  const { doc, font, bold } = await newDoc('Customs declaration');
  const page = doc.addPage([A4.widthMm * MM, A4.heightMm * MM]);
  const w: Writer = { page, font, bold };
  text(w, 'Customs declaration CN23', 15, 20, 18, true);
  text(w, `Shipment no: ${input.shipmentNo}`, 15, 30, 11);
  text(w, `Date: ${input.date}`, 15, 36, 11);
  text(w, 'From', 15, 50, 10, true);
  partyText(input.sender).forEach((l, i) => text(w, l, 15, 56 + i * 5, 10));
  text(w, 'To', 110, 50, 10, true);
  partyText(input.receiver).forEach((l, i) => text(w, l, 110, 56 + i * 5, 10));
  text(w, 'Parcel no', 15, 90, 10, true);
  text(w, 'Contents', 70, 90, 10, true);
  text(w, 'Weight', 140, 90, 10, true);
  text(w, 'Value', 170, 90, 10, true);
  line(w, 92, 15, 195);
  input.parcels.slice(0, 30).forEach((p, i) => {
    const y = 98 + i * 6;
    text(w, p.parcelNo, 15, y, 9);
    text(w, p.contents ?? 'Goods', 70, y, 9);
    text(w, p.weightKg ? `${p.weightKg} kg` : '', 140, y, 9);
    text(w, p.value ? String(p.value) : '', 170, y, 9);
  });
  text(w, 'I certify that the particulars given in this declaration are correct.', 15, 280, 9);
  return save(doc);
}

export interface ManifestRow {
  shipmentNo: string;
  receiver: string;
  parcels: number;
  serviceId: string;
  orderNo?: string | null;
}

/** End-of-day manifest: one row per shipment (shipment no, receiver, parcels), paged as needed. */
export async function buildManifestPdf(input: {
  manifestType: string;
  manifestId: string;
  date: string;
  rows: ManifestRow[];
}): Promise<Buffer> {
  const { doc, font, bold } = await newDoc('Manifest');
  const header = (w: Writer, pageNo: number) => {
    text(w, `Manifest ${input.manifestType} ${input.manifestId}`, 15, 18, 16, true);
    text(w, `Date: ${input.date}   Shipments: ${input.rows.length}   Page ${pageNo}`, 15, 26, 10);
    text(w, 'Shipment no', 15, 36, 10, true);
    text(w, 'Receiver', 70, 36, 10, true);
    text(w, 'Service', 145, 36, 10, true);
    text(w, 'Parcels', 175, 36, 10, true);
    line(w, 38, 15, 195);
  };
  let pageNo = 1;
  let w: Writer = { page: doc.addPage([A4.widthMm * MM, A4.heightMm * MM]), font, bold };
  header(w, pageNo);
  let y = 44;
  for (const row of input.rows) {
    if (y > 285) {
      pageNo += 1;
      w = { page: doc.addPage([A4.widthMm * MM, A4.heightMm * MM]), font, bold };
      header(w, pageNo);
      y = 44;
    }
    text(w, row.shipmentNo, 15, y, 9);
    text(w, row.receiver.slice(0, 40), 70, y, 9);
    text(w, row.serviceId, 145, y, 9);
    text(w, String(row.parcels), 175, y, 9);
    y += 5.5;
  }
  const total = input.rows.reduce((a, r) => a + r.parcels, 0);
  text(w, `Total parcels: ${total}`, 15, Math.min(y + 6, 292), 10, true);
  return save(doc);
}
