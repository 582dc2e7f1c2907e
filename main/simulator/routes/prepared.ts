/**
 * Prepared shipments: a Checkout partial shipment as nShift Delivery holds it (docs/nshift-checkout-api.md,
 * "Prepared shipments"). The simulated Checkout makes one per partial shipment whose sender links this account
 * (checkout/routes.ts); here they are fetched, deleted, booked and printed, or turned into stored shipments.
 *
 * - `GET /prepared-shipments/{prepareId}`: the bare shipment, as nShift's help centre shows it.
 * - `DELETE /prepared-shipments/{prepareId}`: `204`; no further operation works on the id.
 * - `POST /prepared-shipments/{prepareId}/shipments?returnFile=&keepPreparedShipment=`: body the print
 *   configuration (assumed, as for a stored shipment); `201` the shipment results. The prepared shipment is gone
 *   afterwards unless `keepPreparedShipment=true`, so a second booking of it is `404`. A shipment nShift would
 *   not book is `422` with the validation list, and the prepared shipment stays.
 * - `POST /prepared-shipments/{prepareId}/stored-shipments`: body shipment fields that complete it (assumed,
 *   from a real web-shop client: sender, parcels, options); `201` the stored shipment, and the prepared one is
 *   gone (assumed).
 */
import { printShipments, shipmentResultJson, validateAndCommit } from '../booking';
import type { SimContext } from '../context';
import { bool, json, noContent, notFound, parseBody, unprocessable, type Router } from '../http';
import { parsePrintConfig } from '../print-config';
import { printConfigSchema, shipmentSchema, type ShipmentInput } from '../schemas';
import type { SimPrepared } from '../state';
import { serve } from '../operations';
import { printConfigError } from './shipments';
import { createStored, storedJson } from './stored';

export function createPrepared(ctx: SimContext, prepareId: string, data: ShipmentInput): SimPrepared {
  const prepared: SimPrepared = { prepareId, data, created: ctx.clock.now() };
  ctx.state.prepared.set(prepareId, prepared);
  return prepared;
}

export function registerPreparedRoutes(router: Router, ctx: SimContext): void {
  const { prepared } = ctx.state;

  serve(
    router,
    'preparedShipments.get',
    (req) => {
      const p = prepared.get(req.params.prepareId ?? '');
      return p ? json(200, p.data) : notFound();
    },
    { licenses: ['REST API Delivery checkout'] },
  );

  serve(
    router,
    'preparedShipments.delete',
    (req) => (prepared.delete(req.params.prepareId ?? '') ? noContent() : notFound()),
    { licenses: ['REST API Delivery checkout'] },
  );

  serve(
    router,
    'preparedShipments.book',
    async (req) => {
      const p = prepared.get(req.params.prepareId ?? '');
      if (!p) return notFound();
      const body = parseBody(req, printConfigSchema);
      if (!body.ok) return body.reply;
      const parsed = parsePrintConfig(body.value);
      if (!parsed.ok) return printConfigError(parsed);
      const outcome = validateAndCommit(ctx, p.data, { route: 'prepared' });
      if (!outcome.ok) return unprocessable(outcome.errors);
      if (!bool(req.query, 'keepPreparedShipment')) prepared.delete(p.prepareId);
      await printShipments(ctx, outcome.shipments, parsed.targets);
      const inline = bool(req.query, 'returnFile');
      return json(
        201,
        outcome.shipments.map((s) => shipmentResultJson(ctx, s, inline)),
      );
    },
    { licenses: ['REST API Print'], booking: true },
  );

  serve(
    router,
    'preparedShipments.toStored',
    (req) => {
      const p = prepared.get(req.params.prepareId ?? '');
      if (!p) return notFound();
      const body = parseBody(req, shipmentSchema);
      if (!body.ok) return body.reply;
      const stored = createStored(ctx, { ...p.data, ...body.value });
      prepared.delete(p.prepareId);
      return json(201, storedJson(ctx, stored));
    },
    { licenses: ['REST API Store'] },
  );
}
