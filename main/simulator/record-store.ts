/**
 * A generic record store for the routes that only need CRUD (address book, channels, webhooks, …). Its own module
 * because the Delivery state and the Checkout state (checkout/state.ts) both hold such stores, and the Delivery
 * state holds the Checkout state: declared in state.ts, the type made the two import each other.
 */
export type RecordStore = Map<string, Record<string, unknown>>;
