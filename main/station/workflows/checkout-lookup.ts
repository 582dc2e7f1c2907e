import type { Failure } from '../../../preload/api';
import { describeApiError } from '../../nshift/shared/errors';
import type { StationContext } from '../context';
import { detailed, failure } from '../failures';
import { counted } from '../english-count';

/**
 * Why a scan found nothing in nShift Delivery. With Checkout credentials, the web shop's side is asked too:
 * the most common reason in real life is that the shop never created the partial shipment, or that it has
 * not reached the shipping solution yet. Runs only after every Delivery source found nothing, so the hot
 * path of a code that exists never waits for it; without Checkout credentials no request is made. If
 * Checkout cannot answer, the packer gets the plain "not found" (the scan did fail for that reason).
 */
export async function explainNotFound(ctx: StationContext, code: string): Promise<Failure> {
  const plain = failure(
    'not_found',
    'unknown_code',
    `Nothing in nShift matches "${code}": check the code and scan again.`,
    detailed('no_match', { code }),
  );
  const checkout = ctx.checkout?.();
  if (!checkout) return plain;
  const found = await checkout.partialShipments.list({ orderNo: code });
  if (!found.ok) {
    ctx.log(`checkout lookup of "${code}" failed: ${describeApiError(found.error)}`);
    return plain;
  }
  const matches = found.value.filter((p) => (p.orderNo ?? '').toLowerCase() === code.toLowerCase());
  if (matches.length === 0) {
    return failure(
      'not_found',
      'checkout_not_created',
      `Nothing in nShift matches "${code}": the web shop has not created the shipment yet (no partial shipment in nShift Checkout). Put the parcel aside and ask the web shop team to create it.`,
      { params: { orderNo: code } },
    );
  }
  return failure(
    'not_found',
    'checkout_not_in_delivery',
    `"${code}" was created at checkout (${counted(matches.length, 'partial shipment', 'partial shipments')} in nShift Checkout) but is not yet in nShift Delivery. Put the parcel aside and scan it again in a few minutes; if it stays missing, ask the web shop team.`,
    { params: { orderNo: code, count: matches.length } },
  );
}
