/**
 * The carriers' side of a shipment, driven by the sim clock: a booked shipment is handed over to the carrier,
 * goes in transit and is delivered, each a status event on `/alerts` (docs/nshift-api.md 1.9) at the time it
 * happened. Off by default (tests that do not ask for it see shipments stay PRINTED); demo mode and the
 * control API (`POST /_sim/carrier`) turn it on.
 *
 * Shipments are kept in booking order and every stage has a fixed delay, so each stage's due shipments are a
 * prefix of that list: one cursor per stage, and progress costs nothing per request when nothing is due.
 */
import type { SimContext } from './context';
import { nextId, type CarrierState, type CarrierTimings, type SimShipment } from './state';

/** How far a shipment has come with its carrier: 0 booked, then the stages below in order. */
export type CarrierStage = 0 | 1 | 2 | 3;

interface StageSpec {
  stage: Exclude<CarrierStage, 0>;
  alertCode: string;
  /** The shipment's history status from this stage on; a hand-over scan leaves it as it was. */
  status?: SimShipment['status'];
  delay: (t: CarrierTimings) => number;
}

const STAGES: readonly StageSpec[] = [
  { stage: 1, alertCode: 'STATUS_HANDED_OVER', delay: (t) => t.handedOverAfterMs },
  { stage: 2, alertCode: 'STATUS_IN_TRANSIT', status: 'IN_TRANSIT', delay: (t) => t.inTransitAfterMs },
  { stage: 3, alertCode: 'STATUS_DELIVERED', status: 'DELIVERED', delay: (t) => t.deliveredAfterMs },
];

/** A shipment was booked: it will move on with the clock (once progress is on). */
export function trackBooking(ctx: SimContext, shipment: SimShipment): void {
  ctx.state.carrier.booked.push(shipment.id);
}

/** Turns progress on or off and changes the delays (they must grow stage by stage). */
export function configureCarrier(
  ctx: SimContext,
  input: { enabled?: boolean } & Partial<CarrierTimings>,
): { ok: true } | { ok: false; message: string } {
  const { enabled, ...timings } = input;
  const next = { ...ctx.state.carrier.timings, ...timings };
  if (!(next.handedOverAfterMs < next.inTransitAfterMs && next.inTransitAfterMs < next.deliveredAfterMs))
    return { ok: false, message: 'handedOverAfterMs < inTransitAfterMs < deliveredAfterMs is required' };
  ctx.state.carrier.timings = next;
  if (enabled !== undefined) ctx.state.carrier.enabled = enabled;
  progressCarriers(ctx);
  return { ok: true };
}

/**
 * Moves every shipment whose next stage is due by now, oldest event first, so `/alerts` lists events in the
 * order they happened even after a jump of a day.
 */
export function progressCarriers(ctx: SimContext): void {
  const carrier = ctx.state.carrier;
  if (!carrier.enabled) return;
  const now = ctx.clock.now();
  for (;;) {
    let best: { index: number; due: number; shipment: SimShipment | undefined } | undefined;
    for (const [index, spec] of STAGES.entries()) {
      const id = carrier.booked[carrier.cursors[index]!];
      if (id === undefined) continue;
      const shipment = ctx.state.shipments.get(id);
      const due = (shipment?.created ?? 0) + spec.delay(carrier.timings);
      if (due <= now && (!best || due < best.due)) best = { index, due, shipment };
    }
    if (!best) break;
    carrier.cursors[best.index]!++;
    if (best.shipment) advance(ctx, best.shipment, STAGES[best.index]!, best.due);
  }
  compact(carrier);
}

/** Sets a shipment's stage by hand (`/_sim/shipments/{id}/hand-over` and `/deliver`). */
export function setCarrierStage(ctx: SimContext, shipmentId: string, stage: 2 | 3): boolean {
  progressCarriers(ctx);
  const shipment = ctx.state.shipments.get(shipmentId);
  if (!shipment || shipment.status === 'CANCELLED') return false;
  advance(
    ctx,
    shipment,
    STAGES.find((s) => s.stage === stage)!,
    ctx.clock.now(),
    true,
  );
  return true;
}

function advance(ctx: SimContext, shipment: SimShipment, spec: StageSpec, at: number, force = false): void {
  if (shipment.status === 'CANCELLED') return;
  if (!force && (shipment.carrierStage ?? 0) >= spec.stage) return;
  shipment.carrierStage = spec.stage;
  if (spec.status) shipment.status = spec.status;
  shipment.changed = ctx.clock.now();
  ctx.state.alerts.push({
    seq: nextId(ctx.state, 'alert'),
    alertCode: spec.alertCode,
    alertTime: at,
    created: ctx.clock.now(),
    shipmentId: shipment.id,
  });
}

/** Drops the ids every stage is done with, so a long soak run does not keep them all. */
function compact(carrier: CarrierState): void {
  const done = Math.min(...carrier.cursors);
  if (done < 4096) return;
  carrier.booked.splice(0, done);
  carrier.cursors = carrier.cursors.map((c) => c - done);
}
