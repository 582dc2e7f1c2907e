/**
 * Checkout sessions live 4 hours from their last interaction (seed). A web shop's consumer may leave the
 * checkout open longer than that; the client remembers how each session it created was made (connection,
 * body) and when it was last used, and recreates one that has expired, locally by its clock or because the
 * service answered 404, instead of reporting a failure. Callers keep using the ids they were given: later
 * calls are sent with the current session id, and split sub-shipment ids are mapped by position.
 */
import type { Result } from '../../result';
import { ok } from '../../result';
import type { CheckoutJson, CheckoutSession } from './schemas';

export const SESSION_LIFETIME_MS = 4 * 60 * 60 * 1000;

export type SessionKind = 'single' | 'split';

interface Tracked {
  kind: SessionKind;
  connectionId: string;
  /** The body that made it, without sub-shipment ids (a new session gets new ones). */
  body: CheckoutJson;
  currentId: string;
  subShipmentIds: string[];
  lastUsed: number;
}

export interface SessionTrackerDeps<E> {
  now: () => number;
  lifetimeMs: number;
  log: (line: string) => void;
  create: (
    kind: SessionKind,
    connectionId: string,
    body: CheckoutJson,
  ) => Promise<Result<CheckoutSession, E>>;
}

type Run<T, E> = (sessionId: string, body: CheckoutJson) => Promise<Result<T, E>>;

export function createSessionTracker<E extends { kind: string }>(deps: SessionTrackerDeps<E>) {
  /** Every id a tracked session ever had → the session. */
  const sessions = new Map<string, Tracked>();
  /** An old sub-shipment id → the id the same sub-shipment has in the current session. */
  const subShipmentIds = new Map<string, string>();

  function remember(tracked: Tracked, session: CheckoutSession): void {
    tracked.currentId = session.sessionId;
    tracked.subShipmentIds = (session.subShipments ?? []).map((s) => s.subShipmentId ?? '');
    tracked.lastUsed = deps.now();
    sessions.set(session.sessionId, tracked);
  }

  async function renew(tracked: Tracked): Promise<Result<void, E>> {
    const before = { id: tracked.currentId, subs: tracked.subShipmentIds };
    const created = await deps.create(tracked.kind, tracked.connectionId, tracked.body);
    if (!created.ok) return created;
    remember(tracked, created.value);
    before.subs.forEach((old, i) => {
      const now = tracked.subShipmentIds[i];
      if (!old || !now) return;
      for (const [earlier, current] of subShipmentIds) if (current === old) subShipmentIds.set(earlier, now);
      subShipmentIds.set(old, now);
    });
    deps.log(`checkout session ${before.id} expired; recreated as ${tracked.currentId}`);
    return ok(undefined);
  }

  /** The body with a tracked `sessionId` and every known `subShipmentId` replaced by the current ones. */
  function mapIds<B extends CheckoutJson>(body: B): B {
    const out: CheckoutJson = { ...body };
    if (typeof out.sessionId === 'string')
      out.sessionId = sessions.get(out.sessionId)?.currentId ?? out.sessionId;
    if (Array.isArray(out.subShipments)) {
      out.subShipments = out.subShipments.map((item: unknown) => {
        if (!item || typeof item !== 'object') return item;
        const sub = item as CheckoutJson;
        const id = typeof sub.subShipmentId === 'string' ? subShipmentIds.get(sub.subShipmentId) : undefined;
        return id ? { ...sub, subShipmentId: id } : sub;
      });
    }
    return out as B;
  }

  /** Runs a call inside a session: renewed first when it has expired, and once more if the service forgot it. */
  async function within<T>(sessionId: string, body: CheckoutJson, run: Run<T, E>): Promise<Result<T, E>> {
    const tracked = sessions.get(sessionId);
    if (!tracked) return run(sessionId, body); // not made by this client: passed through as given
    if (deps.now() - tracked.lastUsed >= deps.lifetimeMs) {
      const renewed = await renew(tracked);
      if (!renewed.ok) return renewed;
    }
    let result = await run(tracked.currentId, mapIds(body));
    if (!result.ok && result.error.kind === 'not_found') {
      const renewed = await renew(tracked);
      if (!renewed.ok) return renewed;
      result = await run(tracked.currentId, mapIds(body));
    }
    if (result.ok) tracked.lastUsed = deps.now();
    return result;
  }

  return {
    async create(
      kind: SessionKind,
      connectionId: string,
      body: CheckoutJson,
    ): Promise<Result<CheckoutSession, E>> {
      const created = await deps.create(kind, connectionId, body);
      if (created.ok) {
        const tracked: Tracked = {
          kind,
          connectionId,
          body: withoutSubShipmentIds(body),
          currentId: '',
          subShipmentIds: [],
          lastUsed: 0,
        };
        remember(tracked, created.value);
      }
      return created;
    },
    within,
    /** An update changes what the session is made of: a later renewal uses the new body. */
    async update(
      sessionId: string,
      body: CheckoutJson,
      run: Run<CheckoutSession, E>,
    ): Promise<Result<CheckoutSession, E>> {
      const result = await within(sessionId, body, run);
      const tracked = sessions.get(sessionId);
      if (result.ok && tracked) {
        tracked.body = withoutSubShipmentIds(body);
        remember(tracked, result.value);
      }
      return result;
    },
    mapIds,
  };
}

function withoutSubShipmentIds(body: CheckoutJson): CheckoutJson {
  if (!Array.isArray(body.subShipments)) return body;
  return {
    ...body,
    subShipments: body.subShipments.map((item: unknown) => {
      if (!item || typeof item !== 'object') return item;
      const { subShipmentId: _dropped, ...rest } = item as CheckoutJson;
      return rest;
    }),
  };
}
