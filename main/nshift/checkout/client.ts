/**
 * The nShift Checkout client: client-credentials tokens (cached, renewed before `expires_in`, retried with
 * backoff), sessions, delivery options, split shipments and partial shipments. A station rarely needs it:
 * partial shipments reach it as Delivery stored shipments. It shares the Delivery client's transport,
 * error union and token manager.
 */
import { z } from 'zod';
import type { Result } from '../../result';
import { ok, err } from '../../result';
import { errorFromStatus, parseJsonBody } from '../delivery/call';
import type { ApiError } from '../delivery/errors';
import { buildPath, joinUrl } from '../delivery/routes';
import type { Query } from '../delivery/routes';
import { createTokenManager, resolveApiKey } from '../delivery/token-manager';
import type { ApiKey } from '../delivery/token-manager';
import { createTransport } from '../delivery/transport';
import type { RetryOptions, TimeoutOptions } from '../delivery/transport';
import { CHECKOUT_ROUTES, DEFAULT_CHECKOUT_AUTH_URL, DEFAULT_CHECKOUT_BASE_URL } from './routes';
import type { CheckoutOperation } from './routes';

export type CheckoutError = ApiError<CheckoutOperation>;

export interface CheckoutCredentials {
  clientId: string;
  clientSecret: string;
}

export interface CheckoutClientOptions {
  baseUrl?: string;
  authUrl?: string;
  credentials: CheckoutCredentials | (() => CheckoutCredentials | undefined);
  timeouts?: TimeoutOptions;
  retry?: RetryOptions;
  logger?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  renewInBackground?: boolean;
}

const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  token_type: z.string().optional(),
});

/** Checkout bodies are not modelled field by field (seed: "not shown"): kept whole. */
const jsonObject = z.looseObject({});
const anyJson = z.unknown();
export type CheckoutJson = Record<string, unknown>;

export const sessionSchema = z.looseObject({
  sessionId: z.string(),
  subShipments: z.array(z.looseObject({ subShipmentId: z.string().optional() })).optional(),
});
export type CheckoutSession = z.output<typeof sessionSchema>;

type R<T> = Promise<Result<T, CheckoutError>>;

export interface CheckoutClient {
  warm(): R<void>;
  close(): Promise<void>;
  sessions: {
    create(connectionId: string, body?: CheckoutJson): R<CheckoutSession>;
    fetchOptions(sessionId: string, body: CheckoutJson): R<CheckoutJson>;
  };
  split: {
    createSession(
      checkoutConnectionId: string,
      body: {
        subShipments: CheckoutJson[];
        mainSenderOverride?: CheckoutJson;
        sendersOverride?: Record<string, CheckoutJson>;
      },
    ): R<CheckoutSession>;
    updateSession(
      sessionId: string,
      body: { subShipments: CheckoutJson[]; [field: string]: unknown },
    ): R<CheckoutSession>;
    fetchOptions(
      sessionId: string,
      body: { subShipments: CheckoutJson[]; [field: string]: unknown },
    ): R<CheckoutJson>;
    createShipments(body: { subShipments: CheckoutJson[]; [field: string]: unknown }): R<unknown>;
  };
  partialShipments: {
    create(body: CheckoutJson): R<unknown>;
    list(filter?: Query): R<unknown>;
    get(shipmentId: string): R<unknown>;
    /** Deletes in the checkout service only; the Delivery stored shipment stays. */
    delete(shipmentId: string): R<void>;
    anonymize(shipmentId: string): R<unknown>;
    anonymizeByContact(contact: { name?: string; email?: string }): R<unknown>;
  };
}

export function createCheckoutClient(options: CheckoutClientOptions): CheckoutClient {
  const baseUrl = options.baseUrl ?? DEFAULT_CHECKOUT_BASE_URL;
  const authUrl = options.authUrl ?? DEFAULT_CHECKOUT_AUTH_URL;
  const now = options.now ?? Date.now;
  const apiKey = (): ApiKey | undefined => {
    const c = typeof options.credentials === 'function' ? options.credentials() : options.credentials;
    return c ? { id: c.clientId, secret: c.clientSecret } : undefined;
  };
  const seenTokens: string[] = [];
  const redact = (text: string): string => {
    const key = resolveApiKey(apiKey);
    let out = text;
    for (const needle of [...seenTokens, ...(key ? [key.secret] : [])])
      if (needle.length >= 4) out = out.split(needle).join('***');
    return out;
  };
  const transport = createTransport({
    timeouts: options.timeouts,
    retry: options.retry,
    logger: options.logger ? (line) => options.logger?.(redact(line)) : undefined,
    redact,
    sleep: options.sleep,
    random: options.random,
    now,
  });

  const tokens = createTokenManager<CheckoutError>({
    apiKey,
    now,
    renewInBackground: options.renewInBackground ?? true,
    missingKeyError: () => ({
      kind: 'auth',
      reason: 'missing_key',
      operation: 'token.issue',
      message: 'no nShift Checkout client credentials are configured',
    }),
    exchange: async (key) => {
      const route = CHECKOUT_ROUTES['token.issue'];
      const sent = await transport.send({
        operation: 'token.issue',
        method: route.method,
        url: joinUrl(authUrl, route.path),
        idempotent: route.idempotent,
        headers: { 'cache-control': 'no-cache' },
        form: { client_id: key.id, client_secret: key.secret, grant_type: 'client_credentials' },
      });
      if (!sent.ok) return sent;
      const { status } = sent.value;
      if (status === 400 || status === 401) {
        return err({
          kind: 'auth',
          reason: 'invalid_key',
          status,
          operation: 'token.issue',
          message: `the identity service refused the client credentials (${status})`,
        });
      }
      if (status < 200 || status >= 300)
        return err(errorFromStatus('token.issue', route, sent.value, { redact, now }));
      const parsed = parseJsonBody('token.issue', route, sent.value, tokenResponseSchema);
      if (!parsed.ok) return parsed;
      seenTokens.push(parsed.value.access_token);
      if (seenTokens.length > 8) seenTokens.shift();
      return ok({ token: parsed.value.access_token, lifetimeMs: (parsed.value.expires_in ?? 3600) * 1000 });
    },
  });

  async function call<S extends z.ZodType>(
    operation: CheckoutOperation,
    spec: { params?: Record<string, string>; query?: Query; body?: unknown },
    schema: S | undefined,
  ): Promise<Result<z.output<S> | undefined, CheckoutError>> {
    const route = CHECKOUT_ROUTES[operation];
    let url: string;
    try {
      url = joinUrl(baseUrl, buildPath(route, spec.params, spec.query));
    } catch (e) {
      return err({
        kind: 'network',
        operation,
        cause: 'other',
        message: e instanceof Error ? e.message : 'bad URL',
      });
    }
    for (let attempt = 1; ; attempt++) {
      const token = await tokens.token();
      if (!token.ok) return token;
      const sent = await transport.send({
        operation,
        method: route.method,
        url,
        idempotent: route.idempotent,
        headers: { authorization: `Bearer ${token.value}` },
        json: spec.body,
      });
      if (!sent.ok) return sent;
      if (sent.value.status === 401) {
        tokens.invalidate(token.value);
        if (attempt < 2) continue;
        return err({
          kind: 'auth',
          reason: 'token_rejected',
          status: 401,
          operation,
          message: 'the checkout service refused a fresh token (401)',
        });
      }
      if (sent.value.status < 200 || sent.value.status >= 300)
        return err(errorFromStatus(operation, route, sent.value, { redact, now }));
      if (!schema || sent.value.body.length === 0) return ok(undefined);
      return parseJsonBody(operation, route, sent.value, schema);
    }
  }
  const json = async <S extends z.ZodType>(
    operation: CheckoutOperation,
    spec: Parameters<typeof call>[1],
    schema: S,
  ): R<z.output<S>> => {
    const result = await call(operation, spec, schema);
    if (!result.ok) return result;
    if (result.value === undefined && !schema.safeParse(undefined).success) {
      return err({ kind: 'malformed', operation, status: 200, issues: [], message: 'empty response body' });
    }
    return ok(result.value as z.output<S>);
  };

  return {
    warm: () => tokens.warm(),
    async close() {
      tokens.close();
      await transport.close();
    },
    sessions: {
      create: (connectionId, body = {}) =>
        json('sessions.create', { params: { connectionId }, body }, sessionSchema),
      fetchOptions: (sessionId, body) => json('options.fetch', { params: { sessionId }, body }, jsonObject),
    },
    split: {
      createSession: (checkoutConnectionId, body) =>
        json('splitSessions.create', { params: { checkoutConnectionId }, body }, sessionSchema),
      updateSession: (sessionId, body) =>
        json('splitSessions.update', { params: { sessionId }, body }, sessionSchema),
      fetchOptions: (sessionId, body) =>
        json('splitOptions.fetch', { params: { sessionId }, body }, jsonObject),
      createShipments: (body) => json('splitShipments.create', { body }, anyJson),
    },
    partialShipments: {
      create: (body) => json('shipments.create', { body }, anyJson),
      list: (filter = {}) => json('shipments.list', { query: filter }, anyJson),
      get: (shipmentId) => json('shipments.get', { params: { shipmentId } }, anyJson),
      delete: async (shipmentId) => {
        const r = await call('shipments.delete', { params: { shipmentId } }, undefined);
        return r.ok ? ok(undefined) : r;
      },
      anonymize: (shipmentId) => json('shipments.anonymize', { params: { shipmentId }, body: {} }, anyJson),
      anonymizeByContact: (contact) => json('shipments.anonymizeByContact', { body: contact }, anyJson),
    },
  };
}
