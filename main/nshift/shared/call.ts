/**
 * One nShift API call, for either client: route (from the client's own table) → URL, bearer token (one
 * re-exchange and replay on 401), transport, status → ApiError, body → zod schema. Everything above this
 * (the resource groups of each client) is a thin list of operations.
 */
import type * as z from 'zod';
import type { Result } from '../../result';
import { ok, err } from '../../result';
import type { ApiError } from './errors';
import { describeApiError } from './errors';
import {
  problemBodySchema,
  problemIssues,
  serverErrorBodySchema,
  validationListSchema,
} from './error-bodies';
import { buildPath, joinUrl, queryString } from './routes';
import type { Query, RouteDef } from './routes';
import type { TokenManager } from './token-manager';
import type { HttpRequest, HttpResponse, Transport } from './transport';
import { parseRetryAfter } from './transport';

export interface CallSpec<Op extends string = string> {
  operation: Op;
  params?: Record<string, string | number>;
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** An absolute `href` from nShift, followed as given instead of the route's path (query is appended). */
  href?: string;
  accept?: string;
  timeouts?: { headersMs?: number; bodyMs?: number };
  /** `bytes` of a document (a label, a PDF): a web page or JSON in its place is `malformed` (`notADocument`). */
  document?: boolean;
}

/**
 * `M` is the client's module of answer schemas. A client whose schemas are loaded on its first call (so that
 * building a hundred zod schemas is not on the way to `ready`) names an answer's schema by picking it out of
 * that module; the module loads while the request is under way.
 */
export interface Caller<Op extends string, M> {
  json<S extends z.ZodType>(
    spec: CallSpec<Op>,
    pick: (schemas: M) => S,
  ): Promise<Result<z.output<S>, ApiError<Op>>>;
  /** 2xx with the body ignored (204 deletes). */
  empty(spec: CallSpec<Op>): Promise<Result<void, ApiError<Op>>>;
  bytes(
    spec: CallSpec<Op>,
  ): Promise<Result<{ bytes: Buffer; contentType: string | undefined }, ApiError<Op>>>;
}

export interface CallerDeps<Op extends string, M> {
  /** The module `json`'s `pick` chooses from, asked for on every call that parses an answer (memoise it). */
  schemas: () => M | Promise<M>;
  /** The client's route table: operation → method, path, licence, idempotent. */
  routes: Readonly<Record<Op, RouteDef>>;
  /** Names the service in the message of a refused fresh token ("nShift", "the checkout service"). */
  serviceName?: string;
  baseUrl: string;
  /** Origins besides the base URL's that an `href` may point to (the bearer token goes along). */
  trustedOrigins?: readonly string[];
  transport: Transport;
  tokens: TokenManager<ApiError<Op>>;
  redact: (text: string) => string;
  now: () => number;
}

export function createCaller<Op extends string, M>(deps: CallerDeps<Op, M>): Caller<Op, M> {
  const trusted = new Set([
    new URL(deps.baseUrl).origin,
    ...(deps.trustedOrigins ?? []).map((o) => new URL(o).origin),
  ]);
  function urlFor(spec: CallSpec<Op>, route: RouteDef): string {
    if (spec.href !== undefined) {
      // Absolute hrefs are opaque (they may carry a versioned prefix): use them untouched.
      const base = new URL(spec.href, deps.baseUrl).toString();
      const extra = queryString(spec.query ?? {});
      if (!extra) return base;
      return base + (base.includes('?') ? `&${extra.slice(1)}` : extra);
    }
    return joinUrl(deps.baseUrl, buildPath(route, spec.params, spec.query));
  }

  /** Sends with a bearer token; a 401 drops the token and replays once with a fresh one. */
  async function authorised(
    spec: CallSpec<Op>,
    answer: HttpRequest['answer'] = 'json',
  ): Promise<Result<HttpResponse, ApiError<Op>>> {
    const route: RouteDef = deps.routes[spec.operation];
    let url: string;
    try {
      url = urlFor(spec, route);
    } catch (e) {
      return err({
        kind: 'network',
        operation: spec.operation,
        cause: 'other',
        message: deps.redact(e instanceof Error ? e.message : 'bad URL'),
      });
    }
    if (spec.href !== undefined && !trusted.has(new URL(url).origin)) {
      // The bearer token goes with every call: never to a host that is not nShift's.
      return err({
        kind: 'malformed',
        operation: spec.operation,
        status: 0,
        issues: [`href origin ${new URL(url).origin}`],
        message: 'a document href points outside the nShift API; not followed',
      });
    }
    for (let attempt = 1; ; attempt++) {
      const token = await deps.tokens.token();
      if (!token.ok) return token;
      const sent = await deps.transport.send({
        operation: spec.operation,
        method: route.method,
        url,
        idempotent: route.idempotent,
        headers: { authorization: `Bearer ${token.value}`, ...(spec.accept ? { accept: spec.accept } : {}) },
        json: spec.body,
        timeouts: spec.timeouts,
        answer,
      });
      if (sent.ok && sent.value.status === 401) {
        deps.tokens.invalidate(token.value);
        if (attempt < 2) continue;
        return err({
          kind: 'auth',
          reason: 'token_rejected',
          status: 401,
          operation: spec.operation,
          message: `${deps.serviceName ?? 'nShift'} refused a freshly exchanged token (401)`,
        });
      }
      if (sent.ok && sent.value.status >= 200 && sent.value.status < 300) return sent;
      const failed = sent.ok ? err(errorFromStatus(spec.operation, route, sent.value, deps)) : sent;
      return attempt > 1 && !route.idempotent ? replayedAfter401(spec.operation, failed.error) : failed;
    }
  }

  /**
   * A booking answered 401, then refused or lost on its replay with a fresh token. A 401 usually means nothing
   * was done, but not always: a token that expired while nShift committed, or a gateway in front of it, can
   * answer 401 for a booking that was made — and the replay is then refused because the order is booked. That
   * refusal says nothing about who booked it, so the first attempt's outcome is unknown: the station looks it up
   * (and takes over its own booking) instead of calling it another station's or booking again.
   */
  function replayedAfter401(operation: Op, replay: ApiError<Op>): Result<never, ApiError<Op>> {
    if (replay.kind === 'outcome_unknown') return err(replay);
    return err({
      kind: 'outcome_unknown',
      operation,
      cause: 'token_rejected',
      ...('status' in replay && replay.status ? { status: replay.status } : {}),
      message: `the booking's token was refused (401) and its replay failed (${deps.redact(describeApiError(replay))}): the first attempt may have been booked`,
    });
  }

  return {
    async json(spec, pick) {
      const [sent, schemas] = await Promise.all([authorised(spec), deps.schemas()]);
      if (!sent.ok) return sent;
      return parseJsonBody(spec.operation, deps.routes[spec.operation], sent.value, pick(schemas));
    },
    async empty(spec) {
      const sent = await authorised(spec);
      return sent.ok ? ok(undefined) : sent;
    },
    async bytes(spec) {
      // A document's bytes have their own size limit and deadline (transport.ts), larger than a JSON answer's.
      const sent = await authorised(spec, 'document');
      if (!sent.ok) return sent;
      const notDocument = spec.document ? notADocument(spec.operation, sent.value, deps.redact) : undefined;
      if (notDocument) return err(notDocument);
      return ok({ bytes: sent.value.body, contentType: sent.value.headers['content-type'] });
    },
  };
}

/**
 * A 2xx answer to a document download that is a web page or JSON, not a document: a maintenance page or a proxy's
 * page put where the label should be, or an error body sent with 200. nShift streams a document's raw bytes
 * (`application/pdf`, else bytes; Unifaun's RAML, the PDF routes), so such an answer is never printed: it is
 * `malformed`, with nShift's own message when the body is its `{code, message}`.
 */
export function notADocument<Op extends string>(
  operation: Op,
  response: HttpResponse,
  redact: (text: string) => string,
): ApiError<Op> | undefined {
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const page = type === 'text/html' || type === 'application/xhtml+xml';
  const json = type === 'application/json' || type.endsWith('+json');
  if (!page && !json) return undefined;
  let said: string | undefined;
  if (json) {
    try {
      const body = serverErrorBodySchema.safeParse(JSON.parse(response.body.toString('utf8')));
      said = body.success ? (body.data.message ?? undefined) : undefined;
    } catch {
      said = undefined;
    }
  }
  return {
    kind: 'malformed',
    operation,
    status: response.status,
    issues: [`content-type ${type}`],
    message: redact(
      `nShift answered a document with ${page ? 'a web page' : 'JSON'} (${type}), not the document${said ? `: ${said}` : ''}`,
    ),
  };
}

/** Parses a 2xx JSON body. For a non-idempotent call (a booking) an unreadable 2xx is `outcome_unknown`:
 * the thing was done, but we cannot tell what it produced, so the caller must reconcile, not repeat. */
export function parseJsonBody<S extends z.ZodType, Op extends string>(
  operation: Op,
  route: Pick<RouteDef, 'idempotent'>,
  response: HttpResponse,
  schema: S,
): Result<z.output<S>, ApiError<Op>> {
  const unreadable = (issues: string[], message: string): Result<never, ApiError<Op>> =>
    route.idempotent
      ? err({ kind: 'malformed', operation, status: response.status, issues, message })
      : err({
          kind: 'outcome_unknown',
          operation,
          cause: 'unreadable_answer',
          status: response.status,
          message: `${message}; the request was accepted (${response.status})`,
        });
  let data: unknown;
  try {
    data = JSON.parse(response.body.toString('utf8'));
  } catch {
    return unreadable([], response.body.length === 0 ? 'empty response body' : 'response body is not JSON');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return unreadable(issues, 'response did not match the expected shape');
  }
  return ok(parsed.data);
}

/** Maps a non-2xx answer (other than the 401 handled by the caller) to the error union. */
export function errorFromStatus<Op extends string>(
  operation: Op,
  route: Pick<RouteDef, 'idempotent' | 'license'>,
  response: HttpResponse,
  deps: { redact: (text: string) => string; now: () => number },
): ApiError<Op> {
  const { status } = response;
  const text = response.body.toString('utf8');
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const body = serverErrorBodySchema.safeParse(json);
  // Checkout answers problem+json: its `detail` (else `title`) is the message, its `issues` the field list.
  const parsedProblem = problemBodySchema.safeParse(json);
  const problem =
    parsedProblem.success &&
    (parsedProblem.data.detail || parsedProblem.data.title || parsedProblem.data.issues)
      ? parsedProblem.data
      : undefined;
  const serverMessage =
    (body.success ? (body.data.message ?? undefined) : undefined) ??
    problem?.detail ??
    problem?.title ??
    undefined;
  const code = body.success ? (body.data.code ?? undefined) : undefined;
  const message = deps.redact(serverMessage ?? `HTTP ${status}`);

  const list = validationListSchema.safeParse(json);
  const errors = list.success ? list.data : problem ? problemIssues(problem) : [];
  // 422 is nShift's validation answer, but a 400 (a body nShift could not map) and other 4xx carry the
  // same list: read it wherever it comes. 401, 403 and 404 keep their meaning (a 404 problem names the
  // unknown thing in an issue); a 422 without a list is still a refusal.
  const carriesList = errors.some((item) => item.message || item.field);
  const keepsMeaning = status === 401 || status === 403 || status === 404;
  if (status === 422 || (status >= 400 && status < 500 && !keepsMeaning && carriesList)) {
    return {
      kind: 'validation',
      operation,
      status,
      errors,
      message: problem || !errors.length ? message : 'validation failed',
    };
  }
  if (status === 403) {
    // The route table names the licence; a body that names one itself (real account, simulator) is more precise.
    const named = body.success ? (body.data.license ?? body.data.licence ?? undefined) : undefined;
    return { kind: 'access', operation, status, license: named ?? route.license, message };
  }
  if (status === 404) return { kind: 'not_found', operation, status, message };
  if (!route.idempotent && (status === 502 || status === 503 || status === 504)) {
    // A gateway or a busy server answered: the request may have been forwarded and committed behind it, so a
    // booking is looked up, never sent again blindly (a 429, refused unprocessed, is retried by the transport).
    return { kind: 'outcome_unknown', operation, cause: 'gateway', status, message };
  }
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'], deps.now());
  if (status === 429 || (status === 503 && retryAfterMs !== undefined))
    return { kind: 'rate_limited', operation, status, retryAfterMs, message };
  return { kind: 'server', operation, status, code, message };
}
