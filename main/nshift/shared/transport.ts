/**
 * HTTP for the nShift APIs (Delivery and Checkout): one keep-alive undici Agent per client, explicit timeouts, and the retry rule
 * that keeps bookings exactly-once:
 *  - idempotent requests (GET, PUT, DELETE, read-only POSTs) are retried with exponential backoff and jitter
 *    on network errors, 5xx and 429 (honouring Retry-After);
 *  - a non-idempotent request (a booking) is never retried, but for a 429: the server refused it unprocessed and
 *    said when to come back (Retry-After), so it is sent again then. If it may have reached the server and no
 *    usable answer came back, the result is `outcome_unknown`, so the station looks the booking up instead of
 *    booking again. Only failures that prove nothing was sent (refused, DNS, connect timeout) are `network`.
 *
 * Every call is bounded, whatever the server does (docs/security.md, "Bounds on what nShift sends"):
 *  - an answer larger than its limit is not read past the limit (a JSON answer and a document have their own,
 *    `DEFAULT_LIMITS`): the connection is dropped and the call fails, never retried, since the same answer
 *    would come again;
 *  - a call has a deadline over all its attempts, backoffs and the last byte of its answer (`callMs`), besides the
 *    idle timeouts (`headersMs`, `bodyMs`), so a server that trickles a byte a second cannot hold a scan.
 * A booking cut off by either may have been made: it is `outcome_unknown`, like any other lost answer.
 *
 * The transport returns whatever status the server finally answered; mapping statuses to errors is the
 * client's job (it knows the operation and its licence).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Agent, Dispatcher } from 'undici';
import type { RequestRate } from './request-rate';
import type { Result } from '../../result';
import { ok, err } from '../../result';
import type { ApiError, NetworkCause } from './errors';
import type { HttpMethod } from './routes';

export interface TimeoutOptions {
  /** TCP + TLS connect. */
  connectMs?: number;
  /** From request sent to response headers. */
  headersMs?: number;
  /** Max idle time between body chunks. */
  bodyMs?: number;
  /** The whole call, every attempt and backoff included, up to the answer's last byte. */
  callMs?: number;
  /** The same for a call that downloads a document (a label, a manifest PDF), which may be large. */
  documentCallMs?: number;
}

/** The most an answer may hold; more is not read. */
export interface AnswerLimits {
  /** A JSON answer, inline base64 documents included (a booking with `returnFile`, a manifest). */
  jsonBytes?: number;
  /** A document's raw bytes (`prints/{id}`, `pdfs/{id}`). */
  documentBytes?: number;
}

export interface RetryOptions {
  /** Total attempts for idempotent requests, including the first. */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the caller gets `rate_limited` instead. */
  maxRetryAfterMs?: number;
}

export interface TransportOptions {
  timeouts?: TimeoutOptions;
  limits?: AnswerLimits;
  retry?: RetryOptions;
  logger?: (line: string) => void;
  /** Scrubs secrets from anything logged or put into an error message. */
  redact?: (text: string) => string;
  /** Injectable for tests: no test waits on the wall clock. `signal` aborts when the transport closes. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Counts every request sent (retries too), shared by all of a station's clients (request-rate.ts). */
  rate?: RequestRate;
}

export interface HttpRequest<Op extends string = string> {
  operation: Op;
  method: HttpMethod;
  /** Absolute URL; `href`s from nShift are passed exactly as received. */
  url: string;
  idempotent: boolean;
  headers?: Record<string, string>;
  /** Serialised as JSON (Content-Type: application/json). */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (token requests). */
  form?: Record<string, string>;
  /** Overrides the transport's header/body timeouts for this call (e.g. a large PDF). */
  timeouts?: Pick<TimeoutOptions, 'headersMs' | 'bodyMs'>;
  /** What the answer is, for its size limit and deadline: JSON (the default) or a document's bytes. */
  answer?: 'json' | 'document';
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface Transport {
  send<Op extends string>(request: HttpRequest<Op>): Promise<Result<HttpResponse, ApiError<Op>>>;
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUTS: Required<TimeoutOptions> = {
  connectMs: 5_000,
  headersMs: 20_000,
  bodyMs: 20_000,
  // A booking nShift answers within a few seconds; 30 s leaves a slow one its 20 s for the headers, and a read
  // that gets no answer one retry, before the scan fails and the queue moves on.
  callMs: 30_000,
  // A document is one GET of at most `documentBytes`: 60 s is 64 MB at about 9 Mbit/s.
  documentCallMs: 60_000,
};
/** Sizes justified in docs/security.md ("Bounds on what nShift sends"). */
export const DEFAULT_LIMITS: Required<AnswerLimits> = {
  jsonBytes: 32 * 1024 * 1024,
  documentBytes: 64 * 1024 * 1024,
};
export const DEFAULT_RETRY: Required<RetryOptions> = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
};

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export function createTransport(options: TransportOptions = {}): Transport {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const log = options.logger ?? (() => {});
  const redact = options.redact ?? ((s: string) => s);
  // The default timer is cleared when the transport closes, so a backoff left behind keeps no process alive.
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  // Once closed, nothing more is sent and a retry that is waiting gives up at once: a station that is stopping
  // must not sit out backoffs for answers nobody will read.
  const closing = new AbortController();
  async function wait(ms: number, deadline: AbortSignal): Promise<void> {
    const signal = AbortSignal.any([closing.signal, deadline]);
    if (signal.aborted) return;
    let onClose = (): void => {};
    const closed = new Promise<void>((resolve) => {
      onClose = resolve;
      signal.addEventListener('abort', onClose, { once: true });
    });
    try {
      // An injected sleep may ignore the signal: the close ends the wait either way.
      await Promise.race([sleep(ms, signal).catch(() => undefined), closed]);
    } finally {
      signal.removeEventListener('abort', onClose);
    }
  }
  const closedError = <Op extends string>(operation: Op): ApiError<Op> => ({
    kind: 'network',
    operation,
    cause: 'other',
    message: 'not sent: the connection to nShift was closed',
  });

  // undici is a megabyte of JavaScript: compiled on the first request rather than on the way to `ready`.
  let agent: Promise<Agent> | undefined;
  /** The agent once made: a request then leaves in the caller's turn, with no promise to wait on first. */
  let agentMade: Agent | undefined;
  const agentNow = (): Promise<Agent> =>
    (agent ??= import('undici').then(
      (undici) =>
        // undici is CommonJS: bundled, its exports arrive as the namespace's default.
        (agentMade = new (undici.Agent ?? undici.default.Agent)({
          keepAliveTimeout: 10_000,
          keepAliveMaxTimeout: 60_000,
          connect: { timeout: timeouts.connectMs },
          headersTimeout: timeouts.headersMs,
          bodyTimeout: timeouts.bodyMs,
        })),
    ));

  async function once(
    request: HttpRequest<string>,
    deadline: AbortSignal,
  ): Promise<{ response: HttpResponse } | { failure: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    } else if (request.form !== undefined) {
      body = new URLSearchParams(request.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    try {
      const agent = agentMade ?? (await agentNow());
      options.rate?.note();
      const res = await agent.request({
        origin: new URL(request.url).origin,
        path: pathAndQuery(request.url),
        method: request.method as Dispatcher.HttpMethod,
        headers,
        body,
        headersTimeout: request.timeouts?.headersMs ?? timeouts.headersMs,
        bodyTimeout: request.timeouts?.bodyMs ?? timeouts.bodyMs,
        signal: deadline,
      });
      const limit = request.answer === 'document' ? limits.documentBytes : limits.jsonBytes;
      const bytes = await readAtMost(res, limit);
      return { response: { status: res.statusCode, headers: flattenHeaders(res.headers), body: bytes } };
    } catch (failure) {
      return { failure };
    }
  }

  async function send<Op extends string>(
    request: HttpRequest<Op>,
  ): Promise<Result<HttpResponse, ApiError<Op>>> {
    const callMs = request.answer === 'document' ? timeouts.documentCallMs : timeouts.callMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineExceeded(callMs)), callMs);
    timer.unref?.();
    try {
      return await sendWithin(request, deadline.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  async function sendWithin<Op extends string>(
    request: HttpRequest<Op>,
    deadline: AbortSignal,
  ): Promise<Result<HttpResponse, ApiError<Op>>> {
    const attempts = Math.max(1, retry.attempts);
    const label = `${request.method} ${redact(pathOnly(request.url))}`;
    for (let attempt = 1; ; attempt++) {
      if (closing.signal.aborted) return err(closedError(request.operation));
      const started = performance.now();
      const outcome = await once(request, deadline);
      const ms = Math.round(performance.now() - started);
      // The deadline ends the retries too: what is left of it is no time for another attempt.
      const last = attempt >= attempts || deadline.aborted;

      if ('failure' in outcome) {
        const classified = classifyNetworkError(outcome.failure);
        const message = redact(classified.message);
        log(
          `nshift ${request.operation} ${label} failed: ${classified.cause} (${message}) after ${ms}ms, attempt ${attempt}/${attempts}`,
        );
        if (outcome.failure instanceof AnswerTooLarge) {
          // The same answer would come again: never retried. A booking's was committed, and is looked up.
          return err(
            request.idempotent
              ? {
                  kind: 'malformed',
                  operation: request.operation,
                  status: outcome.failure.status,
                  issues: [message],
                  message,
                }
              : {
                  kind: 'outcome_unknown',
                  operation: request.operation,
                  cause: 'unreadable_answer',
                  status: outcome.failure.status,
                  message,
                },
          );
        }
        if (!request.idempotent) {
          if (classified.sent)
            return err({
              kind: 'outcome_unknown',
              operation: request.operation,
              cause: classified.cause,
              message,
            });
          return err({ kind: 'network', operation: request.operation, cause: classified.cause, message });
        }
        if (last)
          return err({ kind: 'network', operation: request.operation, cause: classified.cause, message });
        await wait(backoff(attempt), deadline);
        continue;
      }

      const { response } = outcome;
      log(
        `nshift ${request.operation} ${label} -> ${response.status} ${ms}ms${attempts > 1 ? ` attempt ${attempt}/${attempts}` : ''}`,
      );
      // A booking is never sent twice, except after a 429: the server refused it unprocessed and said when to
      // come back, so sending it again is the first booking, not a second one.
      const retryable = request.idempotent ? RETRYABLE_STATUS.has(response.status) : response.status === 429;
      if (last || !retryable) return ok(response);
      const retryAfter = parseRetryAfter(response.headers['retry-after'], now());
      if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) return ok(response);
      await wait(retryAfter ?? backoff(attempt), deadline);
      // A wait the deadline cut short: the answer in hand is the call's.
      if (deadline.aborted) return ok(response);
    }
  }

  /** Exponential backoff with "equal jitter": half fixed, half random, so retries of many stations spread. */
  function backoff(attempt: number): number {
    const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }

  return {
    send,
    close: async () => {
      if (closing.signal.aborted) return;
      closing.abort();
      if (agent) await (await agent).close();
    },
  };
}

/** A call's deadline passed (the abort reason of its signal): a timeout, after the request may have left. */
class DeadlineExceeded extends Error {
  readonly code = 'PACKBENCH_CALL_DEADLINE';
  constructor(ms: number) {
    super(`no complete answer within ${Math.round(ms / 1000)} s`);
    this.name = 'DeadlineExceeded';
  }
}

/** An answer beyond its size limit: the rest is not read. */
class AnswerTooLarge extends Error {
  constructor(
    limit: number,
    readonly status: number,
  ) {
    super(`the answer (HTTP ${status}) is larger than ${Math.round(limit / (1024 * 1024))} MB: not read`);
    this.name = 'AnswerTooLarge';
  }
}

/**
 * The answer's bytes, refusing any beyond `limit`: one that declares more is refused before its first byte is
 * read, one that sends more is cut off at the limit (the stream is destroyed, so the connection is dropped and
 * the server's further bytes are never read).
 */
async function readAtMost(res: Dispatcher.ResponseData, limit: number): Promise<Buffer> {
  const { body, statusCode } = res;
  if (Number(res.headers['content-length']) > limit) {
    body.destroy();
    throw new AnswerTooLarge(limit, statusCode);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      throw new AnswerTooLarge(limit, statusCode);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Retry-After is seconds or an HTTP date; returns milliseconds, or undefined when absent/unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

interface ClassifiedFailure {
  cause: NetworkCause;
  /** Could the request have reached the server? Only a failure before the connection existed says no. */
  sent: boolean;
  message: string;
}

/** Maps Node/undici error codes to a cause; looks through `cause` chains since undici wraps socket errors. */
export function classifyNetworkError(failure: unknown): ClassifiedFailure {
  const codes: string[] = [];
  let message = 'request failed';
  let current: unknown = failure;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') codes.push(e.code);
    if (depth === 0 && typeof e.message === 'string') message = e.message;
    current = e.cause;
  }
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  if (has('ECONNREFUSED')) return { cause: 'refused', sent: false, message };
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA')) return { cause: 'dns', sent: false, message };
  if (has('UND_ERR_CONNECT_TIMEOUT')) return { cause: 'timeout', sent: false, message };
  if (has('EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN')) return { cause: 'other', sent: false, message };
  if (has('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'PACKBENCH_CALL_DEADLINE'))
    return { cause: 'timeout', sent: true, message };
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'))
    return { cause: 'reset', sent: true, message };
  if (has('UND_ERR_INVALID_ARG', 'ERR_INVALID_URL')) return { cause: 'other', sent: false, message };
  return { cause: 'other', sent: true, message };
}

function pathAndQuery(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

function pathOnly(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers))
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
