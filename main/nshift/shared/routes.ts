/**
 * What a route table row is, and how a row becomes a URL: shared by the Delivery and Checkout clients, so a
 * path is filled and joined the same way for both.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where a route's method, path and shape come from (docs/nshift-api.md, "Evidence"): `confirmed` by public
 * nShift material or a real client of the service, `fixed` where that material contradicted what the project
 * had and the row now follows it, `seed` where only the specification the product was asked for names it,
 * `assumed` where nothing public shows it (a one-line change when a real account shows otherwise).
 */
export interface RouteSource {
  status: 'confirmed' | 'fixed' | 'seed' | 'assumed';
  /** A public page's URL, or `owner/repository path/to/file`; several separated by ` · `. */
  ref?: string;
  /** What the source does and does not show (e.g. "the root only"). */
  note?: string;
}

export interface RouteDef {
  method: HttpMethod;
  /** Relative to the base URL; `{name}` segments are filled from params. */
  path: string;
  /** The licence a 403 most likely means is missing (Delivery's licence table; Checkout has none). */
  license?: string;
  /** Decides retries: only idempotent routes are retried; a non-idempotent one may end `outcome_unknown`. */
  idempotent: boolean;
  /** The evidence for this row (every Delivery row has one; test/unit/nshift/routes.test.ts checks it). */
  source?: RouteSource;
}

export type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue>;

/** Fills `{name}` segments (URL-encoded) and appends the query; a missing parameter is a programming error. */
export function buildPath(
  route: RouteDef,
  params: Record<string, string | number> = {},
  query: Query = {},
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  return path + queryString(query);
}

export function queryString(query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** Joins base URL and relative path without losing the base's own path (`.../rs-extapi/v1`). */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}
