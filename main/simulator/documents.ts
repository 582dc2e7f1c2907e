/**
 * Making, keeping and showing documents: labels per the chosen target (ZPL or PDF), customs declarations
 * for receivers outside the EU, and the one-hour availability window.
 */
import { EU_COUNTRIES, findCarrier, findService } from './catalogue';
import type { SimContext } from './context';
import { formatDate } from './format';
import { buildCustomsPdf, buildPdfLabels } from './pdf';
import { pickTarget, type PrintTarget } from './print-config';
import type { DocumentOwner, SimDocument, SimShipment } from './state';
import { nextId } from './state';
import { buildZplLabels, type ParcelLabel } from './zpl';

const EMPTY = Buffer.alloc(0);
const SWEEP_EVERY = 1000;

export function storeDocument(ctx: SimContext, doc: Omit<SimDocument, 'id' | 'generatedAt'>): SimDocument {
  const stored: SimDocument = {
    ...doc,
    id: String(nextId(ctx.state, 'print')),
    generatedAt: ctx.clock.now(),
  };
  ctx.state.documents.set(stored.id, stored);
  if (ctx.state.documents.size % SWEEP_EVERY === 0) releaseExpiredBytes(ctx);
  return stored;
}

/**
 * Soak tests make hundreds of thousands of documents: once a document is past its hour nobody can fetch
 * it, so its bytes are let go (the metadata stays for lists, which show `data: null`).
 */
export function releaseExpiredBytes(ctx: SimContext): void {
  for (const doc of ctx.state.documents.values())
    if (doc.bytes.length > 0 && isExpired(ctx, doc)) doc.bytes = EMPTY;
}

export function isExpired(ctx: SimContext, doc: SimDocument): boolean {
  return ctx.clock.now() >= doc.generatedAt + ctx.documentTtlMs;
}

/**
 * A live document of this owner (or listed in `alsoIds`, e.g. a closed consolidated shipment's waybill),
 * or undefined: unknown, someone else's, or older than one hour.
 */
export function liveDocument(
  ctx: SimContext,
  owner: DocumentOwner,
  printId: string,
  alsoIds: string[] = [],
): SimDocument | undefined {
  const doc = ctx.state.documents.get(printId);
  if (!doc || isExpired(ctx, doc)) return undefined;
  const owned = doc.owner.kind === owner.kind && doc.owner.id === owner.id;
  return owned || alsoIds.includes(printId) ? doc : undefined;
}

export function ownerPath(owner: DocumentOwner): string {
  switch (owner.kind) {
    case 'shipment':
      return `/shipments/${owner.id}`;
    case 'consolidated':
      return `/consolidated-shipments/${owner.id}`;
    case 'waybill':
      return `/shipment-waybills/${owner.id}`;
    case 'manifest': {
      // A manifest's owner id is its key, `type/id`.
      const [type = '', id = ''] = owner.id.split('/');
      return `/shipment-manifests/${type}/manifests/${id}`;
    }
  }
}

export interface PrintJson {
  id: string;
  description: string;
  href: string;
  data?: string | null;
  pdf?: string | null;
}

/** One `prints[]` item; `field` is `data` for /prints and `pdf` for the legacy /pdfs routes. */
export function printJson(
  ctx: SimContext,
  doc: SimDocument,
  inline: boolean,
  field: 'data' | 'pdf' = 'data',
  segment: 'prints' | 'pdfs' = 'prints',
): PrintJson {
  const value = inline && !isExpired(ctx, doc) ? doc.bytes.toString('base64') : null;
  return {
    id: doc.id,
    description: doc.description,
    href: `${ctx.hrefBase}${ownerPath(doc.owner)}/${segment}/${doc.id}`,
    [field]: value,
  };
}

export function parcelLabels(shipment: SimShipment, shipmentNoOverride?: string): ParcelLabel[] {
  const service = findService(shipment.serviceId);
  const carrier = findCarrier(shipment.carrierId);
  return shipment.parcels.map((p, i) => ({
    sender: shipment.sender,
    receiver: shipment.receiver,
    carrierName: carrier?.name ?? shipment.carrierId,
    serviceName: service?.name ?? shipment.serviceId,
    serviceId: shipment.serviceId,
    shipmentNo: shipmentNoOverride ?? shipment.shipmentNo,
    parcelNo: p.parcelNo,
    parcelIndex: i + 1,
    parcelCount: shipment.parcels.length,
    weightKg: p.weight,
    orderNo: shipment.orderNo,
    reference: shipment.reference,
    shipDate: formatDate(shipment.shipDate),
    returnLabel: shipment.returnShipment,
  }));
}

export async function buildLabelDocument(
  labels: ParcelLabel[],
  target: PrintTarget,
): Promise<Pick<SimDocument, 'format' | 'media' | 'charset' | 'bytes'>> {
  if (target.type === 'zpl') {
    const bytes = buildZplLabels(labels, {
      media: target.media,
      charset: target.charset,
      mode: target.mode,
      xOffsetMm: target.xOffsetMm,
      yOffsetMm: target.yOffsetMm,
    });
    return { format: 'zpl', media: target.media.id, charset: target.charset, bytes };
  }
  return { format: 'pdf', media: target.media.id, bytes: await buildPdfLabels(labels, target.media) };
}

export function needsCustoms(shipment: SimShipment): boolean {
  const country = (shipment.receiver.country ?? '').toUpperCase();
  return country !== '' && !EU_COUNTRIES.has(country);
}

/** Labels (one per parcel) plus a customs declaration where needed; returns the new document ids. */
export async function generateShipmentDocuments(
  ctx: SimContext,
  shipment: SimShipment,
  targets: PrintTarget[],
): Promise<string[]> {
  const owner: DocumentOwner = { kind: 'shipment', id: shipment.id };
  const labelTarget = pickTarget(targets, 'parcel-label');
  const label = await buildLabelDocument(parcelLabels(shipment), labelTarget);
  const ids = [
    storeDocument(ctx, { ...label, owner, description: shipment.returnShipment ? 'Return label' : 'Label' })
      .id,
  ];
  if (needsCustoms(shipment) && !shipment.returnShipment) {
    const a4 = pickTarget(targets, 'a4');
    const bytes = await buildCustomsPdf({
      shipmentNo: shipment.shipmentNo,
      sender: shipment.sender,
      receiver: shipment.receiver,
      date: formatDate(shipment.shipDate),
      parcels: shipment.parcels.map((p) => ({
        parcelNo: p.parcelNo,
        contents: p.contents,
        weightKg: p.weight,
        value: p.value,
      })),
    });
    ids.push(
      storeDocument(ctx, {
        owner,
        description: 'Customs declaration',
        format: 'pdf',
        media: a4.media.id,
        bytes,
      }).id,
    );
  }
  return ids;
}
