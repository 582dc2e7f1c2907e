/**
 * Checkout sessions in the simulator: valid 4 hours from their last interaction (seed), bound to the
 * configuration their connection pointed at when they were made, whose sender says where partial shipments go.
 */
import type { SimContext } from '../context';
import type { Reply } from '../http';
import type { Party } from '../schemas';
import { toDeliveryParty } from './parties';
import { issue, problem } from './problem';
import type { CheckoutParty, SimCheckoutSession } from './state';

export const CHECKOUT_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

/** An unknown or expired session (the issue code is assumed; real clients look for SESSION_NOT_FOUND). */
export const sessionGone = (): Reply =>
  problem(404, 'Not Found', 'Session not found or expired', [
    issue('SESSION_NOT_FOUND', 'sessionId', 'The session is unknown or expired'),
  ]);

/** A live session, its validity extended by this interaction; undefined when unknown or expired. */
export function touchSession(ctx: SimContext, sessionId: string): SimCheckoutSession | undefined {
  const state = ctx.state.checkout;
  const session = state.sessions.get(sessionId);
  if (!session) return undefined;
  const now = ctx.clock.now();
  if (now - session.lastInteraction >= CHECKOUT_SESSION_TTL_MS) {
    state.sessions.delete(sessionId);
    return undefined;
  }
  session.lastInteraction = now;
  return session;
}

/** The services the session's configuration offers; undefined when it names none (then all are offered). */
export function offeredServices(ctx: SimContext, session: SimCheckoutSession): string[] | undefined {
  const services = ctx.state.checkout.configurations.get(session.configurationId)?.services;
  return Array.isArray(services) ? services.map(String) : undefined;
}

/** The sender of the session's configuration (Delivery's field names), and whether it links a shipping solution. */
export function senderOf(ctx: SimContext, session: SimCheckoutSession): { address: Party; linked: boolean } {
  const state = ctx.state.checkout;
  const configuration = state.configurations.get(session.configurationId);
  const sender = state.senders.get(String(configuration?.senderId ?? ''));
  const override = session.body.mainSenderOverride;
  const address = {
    ...((sender?.address as Party | undefined) ?? {}),
    // The seed: an override replaces the sender's address only, written as Checkout writes addresses.
    ...(override && typeof override === 'object' ? toDeliveryParty(override as CheckoutParty) : {}),
  };
  return { address, linked: Boolean(sender?.shippingSolution) };
}
