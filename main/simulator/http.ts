/** A tiny router and reply helpers: enough for the contract, no framework. */
import type { IncomingHttpHeaders } from 'node:http';
import type * as z from 'zod';
import type { License } from './licenses';
import type { ApiKey, ValidationItem } from './state';

export interface Reply {
  status: number;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RequestCtx {
  method: string;
  /** Path below `/rs-extapi/v1`, e.g. `/shipments/5666301/prints`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  apiKey?: ApiKey;
}

export type Handler = (req: RequestCtx) => Reply | Promise<Reply>;

export interface RouteOptions {
  /** Default true: a Bearer token is required. */
  auth?: boolean;
  /** All of these licences are needed (403 names the first missing one). */
  licenses?: License[];
  /** The route books something: drop-after-commit faults may apply to it. */
  booking?: boolean;
  /** The client operation this route serves (Delivery: a row of main/nshift/delivery/routes.ts). */
  operation?: string;
}

export interface Route extends Required<Omit<RouteOptions, 'operation'>> {
  operation: string | undefined;
  method: string;
  pattern: string;
  regex: RegExp;
  keys: string[];
  handler: Handler;
}

export type Match = { route: Route; params: Record<string, string> } | { methodNotAllowed: true } | undefined;

export class Router {
  readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, options: RouteOptions = {}): void {
    const keys: string[] = [];
    const source = pattern.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    this.routes.push({
      method,
      pattern,
      regex: new RegExp(`^${source}/?$`),
      keys,
      handler,
      auth: options.auth ?? true,
      licenses: options.licenses ?? [],
      booking: options.booking ?? false,
      operation: options.operation,
    });
  }

  /**
   * The route for a request. Of several that match, the one with the fewest parameters wins, so a fixed
   * segment (`/order-channels/types`) beats a parameter in its place (`/order-channels/{orderChannelId}`)
   * whatever order they were added in.
   */
  match(method: string, path: string): Match {
    let pathMatched = false;
    let best: { route: Route; m: RegExpExecArray } | undefined;
    for (const route of this.routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      if (!best || route.keys.length < best.route.keys.length) best = { route, m };
    }
    if (!best) return pathMatched ? { methodNotAllowed: true } : undefined;
    const { route, m } = best;
    const params: Record<string, string> = {};
    route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1] ?? '')));
    return { route, params };
  }
}

export const json = (status: number, body: unknown): Reply => ({ status, json: body });
export const empty = (status: number): Reply => ({ status });
/** Unknown id → 404 with an empty body (docs/nshift-api.md 1.2). */
export const notFound = (): Reply => empty(404);
export const noContent = (): Reply => empty(204);
export const unprocessable = (items: ValidationItem[]): Reply => json(422, items);
export const apiError = (status: number, code: 'MISSING' | 'ILLEGAL' | 'INTERNAL', message: string): Reply =>
  json(status, { code, message });

/** 403 names the missing licence so the station can tell the packer which one to order. */
export const forbidden = (license: License): Reply =>
  json(403, { code: 'ILLEGAL', message: `Missing license key: ${license}`, license });

export function validationItem(
  message: string,
  messageCode: string,
  field: string,
  location = '',
  type: ValidationItem['type'] = 'error',
): ValidationItem {
  return { message, messageCode, field, location, type };
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/** How a service refuses a body: one it cannot read, and one whose fields (by path, with why) it cannot map. */
export interface BodyRefusals {
  unreadable(): Reply;
  invalid(fields: Array<{ path: string; message: string }>): Reply;
}

/**
 * Delivery's: unreadable JSON → 400 ILLEGAL; a body nShift cannot map (wrong types, missing parts) → 400 with the
 * validation list by field, the way nShift's JSON binding answers. A body that maps but breaks the service's rules
 * is the booking's own 422.
 */
const DELIVERY_REFUSALS: BodyRefusals = {
  unreadable: () => apiError(400, 'ILLEGAL', 'Body is not valid JSON'),
  invalid: (fields) =>
    json(
      400,
      fields.map((f) => validationItem(f.message, 'Illegal', f.path || 'body', f.path)),
    ),
};

/** A JSON body through a zod schema, refused in the service's own way (Delivery's by default). */
export function parseBody<S extends z.ZodType>(
  req: RequestCtx,
  schema: S,
  refusals: BodyRefusals = DELIVERY_REFUSALS,
): Parsed<z.infer<S>> {
  let raw: unknown;
  try {
    raw = req.rawBody.length === 0 ? {} : JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return { ok: false, reply: refusals.unreadable() };
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const fields = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { ok: false, reply: refusals.invalid(fields) };
}

export function bool(query: URLSearchParams, name: string): boolean {
  return (query.get(name) ?? '').toLowerCase() === 'true';
}

/** `page` from 0 and `size` (default and maximum 50). */
export function paginate<T>(items: T[], query: URLSearchParams, max = 50): T[] {
  const page = Math.max(0, Number.parseInt(query.get('page') ?? '0', 10) || 0);
  const size = Math.min(max, Math.max(1, Number.parseInt(query.get('size') ?? String(max), 10) || max));
  return items.slice(page * size, page * size + size);
}
