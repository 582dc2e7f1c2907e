/**
 * The simulated Checkout account a fresh simulator starts with: one API client, a sender that links the
 * simulated Delivery account (so partial shipments become stored shipments there), a configuration offering
 * part of the carrier catalogue, and a connection to it. A second connection points to a configuration whose
 * sender links no shipping solution yet: its partial shipments stay in Checkout (the bench's "created at
 * checkout, not yet in nShift Delivery").
 */
import { DEFAULT_SENDER } from '../booking';
import type { Simulator } from '../simulator';
import { addVersion, senderUuid } from './routes';

export const CHECKOUT_DEMO_CLIENT_ID = 'checkout-demo';
export const CHECKOUT_DEMO_CLIENT_SECRET = 'checkout-demo-secret';
export const CHECKOUT_DEMO_CONNECTION_ID = 'demo-connection';
export const CHECKOUT_PENDING_CONNECTION_ID = 'demo-connection-unlinked';

/** Safe to call more than once. */
export function ensureCheckoutAccount(sim: Simulator): void {
  const state = sim.state.checkout;
  if (!state.clients.has(CHECKOUT_DEMO_CLIENT_ID))
    sim.addCheckoutClient({ id: CHECKOUT_DEMO_CLIENT_ID, secret: CHECKOUT_DEMO_CLIENT_SECRET });
  if (state.connections.has(CHECKOUT_DEMO_CONNECTION_ID)) return;
  const { quickId: _quickId, ...address } = DEFAULT_SENDER;
  const created = new Date(sim.clock.now()).toISOString();
  const linked = senderUuid(1);
  const unlinked = senderUuid(2);
  sim.state.counters.checkoutSender = 2;
  state.senders.set(linked, {
    id: linked,
    name: 'Demo warehouse (nShift Delivery)',
    address,
    shippingSolution: { system: 'DELIVERY', account: 'demo' },
    created,
  });
  state.senders.set(unlinked, {
    id: unlinked,
    name: 'New warehouse (no shipping solution yet)',
    address,
    created,
  });
  const configurations = [
    {
      id: 'cfg-demo',
      name: 'Demo web shop',
      senderId: linked,
      services: ['P19', 'P15', 'DHLPAK', 'ASPO', 'P52'],
    },
    { id: 'cfg-unlinked', name: 'New warehouse', senderId: unlinked, services: ['P19', 'P15'] },
  ];
  for (const c of configurations) {
    const record = { ...c, status: 'ACTIVE', created };
    state.configurations.set(c.id, record);
    addVersion(sim.context, record);
  }
  state.connections.set(CHECKOUT_DEMO_CONNECTION_ID, {
    id: CHECKOUT_DEMO_CONNECTION_ID,
    name: 'Demo web shop checkout',
    configurationId: 'cfg-demo',
    created,
  });
  state.connections.set(CHECKOUT_PENDING_CONNECTION_ID, {
    id: CHECKOUT_PENDING_CONNECTION_ID,
    name: 'New warehouse checkout',
    configurationId: 'cfg-unlinked',
    created,
  });
}
