import * as z from 'zod/mini';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';
import type {
  Failure,
  MethodOutput,
  StationApi,
  StationEvent,
  StationEventListener,
} from '../../../preload/api';
import { StationCallError, parseApiErrorBody } from './errors';

/** The part of EventSource the client uses, so tests can drive it without a browser. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((this: never, ev: Event) => unknown) | null;
  onmessage: ((this: never, ev: MessageEvent) => unknown) | null;
  onerror: ((this: never, ev: Event) => unknown) | null;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/**
 * Why the host's event stream is down: it does not answer at all, or it answers but refuses this page's token
 * (it was restarted and made a new one). Reloading the page helps with neither; the packer needs to know which.
 */
export type ConnectionProblem = 'unreachable' | 'token_refused';

export interface HttpStationApiOptions {
  /** Origin of the web host, e.g. `http://127.0.0.1:4173`. */
  baseUrl: string;
  token: string | undefined;
  fetch?: typeof fetch;
  eventSource?: EventSourceFactory;
  /** Wait before opening a new stream when the host closed it for good (EventSource retries the rest). */
  reopenDelayMs?: number;
  /** Told when the event stream drops (and why) and when it is back: the status bar says so. */
  onConnectionChange?: (connected: boolean, problem?: ConnectionProblem) => void;
}

const resultEnvelope = z.object({ result: z.unknown() });
const stationEventSchema = z.looseObject({ type: z.enum(['job', 'spool', 'printer', 'status']) });

const EVENT_SOURCE_CLOSED = 2;

/**
 * Failures of the web host itself, never of nShift: the station's own codes (`auth_invalid_key`,
 * `network_unreachable`) are about nShift's API key and network, and would send the packer to the wrong place.
 */
function transportFailure(
  code: 'station_token_refused' | 'station_unreachable',
  message: string,
  detail?: 'answer_cut_off',
): Failure {
  return code === 'station_token_refused'
    ? { reason: 'auth', code, message }
    : { reason: 'network', code, message, ...(detail ? { detail } : {}) };
}

/**
 * The StationApi over the web host's HTTP protocol: `POST /api/<method>` with `{ input }` and a bearer token,
 * events as server-sent events from `GET /api/events?token=`. After a dropped stream reconnects, the client
 * re-reads the station's status and today's jobs and replays them as events, so the UI never shows stale state.
 */
export function createHttpStationApi(options: HttpStationApiOptions): StationApi {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const openEventSource = options.eventSource ?? ((url: string) => new EventSource(url) as EventSourceLike);
  const listeners = new Set<StationEventListener>();
  let source: EventSourceLike | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;
  /** Streams opened so far: a slow answer about an older stream must not mark a newer, open one as down. */
  let opens = 0;

  async function call(method: string, input: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(new URL(`/api/${method}`, options.baseUrl).toString(), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ input: input === undefined ? null : input }),
      });
    } catch (error) {
      // No answer at all: Packbench is not running, or this page cannot reach it.
      const message = `The web host did not answer ${method}: ${error instanceof Error ? error.message : String(error)}`;
      throw new StationCallError({
        error: 'failed',
        message,
        failure: transportFailure('station_unreachable', message),
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The host answered, then the answer broke off (Packbench stopped, or the network between): the call may
      // have been carried out, and nShift has nothing to do with it.
      const message = `The web host's answer to ${method} broke off: ${error instanceof Error ? error.message : String(error)}`;
      throw new StationCallError({
        error: 'failed',
        message,
        failure: transportFailure('station_unreachable', message, 'answer_cut_off'),
      });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // Only the web host answers 401, and only for the token: the station reports nShift's refusals as failures.
    if (response.status === 401) {
      const message = parseApiErrorBody(json)?.message ?? 'HTTP 401';
      throw new StationCallError({
        error: 'unauthorized',
        message,
        failure: transportFailure('station_token_refused', message),
      });
    }
    if (!response.ok) {
      const body = parseApiErrorBody(json);
      throw new StationCallError(
        body ?? {
          error: 'internal',
          message: `HTTP ${response.status}`,
        },
      );
    }
    const envelope = resultEnvelope.safeParse(json);
    if (!envelope.success) {
      throw new StationCallError({ error: 'internal', message: `Unreadable answer to ${method}` });
    }
    return envelope.data.result;
  }

  function emit(event: StationEvent): void {
    for (const listener of listeners) listener(event);
  }

  async function refreshAfterReconnect(): Promise<void> {
    try {
      const status = (await call('getStatus', null)) as MethodOutput<'getStatus'>;
      emit({ type: 'status', status });
      const jobs = (await call('listJobs', null)) as MethodOutput<'listJobs'>;
      for (const job of [...jobs].reverse()) emit({ type: 'job', job });
    } catch {
      // The next reconnect tries again; the status bar shows the host as unreachable meanwhile.
    }
  }

  async function whyRefused(): Promise<ConnectionProblem> {
    try {
      await call('getStatus', null);
    } catch (error) {
      const failure = error instanceof StationCallError ? error.body.failure : undefined;
      if (failure?.code === 'station_token_refused') return 'token_refused';
    }
    return 'unreachable';
  }

  function open(): void {
    const url = new URL('/api/events', options.baseUrl);
    if (options.token) url.searchParams.set('token', options.token);
    const es = openEventSource(url.toString());
    source = es;
    es.onopen = () => {
      opens += 1;
      options.onConnectionChange?.(true);
      if (connectedBefore) void refreshAfterReconnect();
      connectedBefore = true;
    };
    es.onmessage = (message: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (stationEventSchema.safeParse(data).success) emit(data as StationEvent);
    };
    es.onerror = () => {
      // EventSource reconnects by itself unless the host answered with an error status: then we reopen.
      if (es.readyState !== EVENT_SOURCE_CLOSED) {
        options.onConnectionChange?.(false, 'unreachable');
        return;
      }
      // The host answered, but EventSource hides the status: a plain call tells a refused token apart.
      const opensBefore = opens;
      void whyRefused().then((problem) => {
        if (opens === opensBefore) options.onConnectionChange?.(false, problem);
      });
      if (source === es && listeners.size > 0) {
        es.close();
        source = undefined;
        reopenTimer = setTimeout(() => {
          reopenTimer = undefined;
          connectedBefore = true;
          if (listeners.size > 0 && !source) open();
        }, options.reopenDelayMs ?? 2000);
      }
    };
  }

  function subscribe(listener: StationEventListener): () => void {
    listeners.add(listener);
    if (!source && !reopenTimer) open();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        source?.close();
        source = undefined;
        if (reopenTimer) clearTimeout(reopenTimer);
        reopenTimer = undefined;
        connectedBefore = false;
      }
    };
  }

  const methods: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const name of STATION_METHOD_NAMES) methods[name] = (input: unknown) => call(name, input);
  // The loop above covers every StationMethodName (method-names.ts fails to compile otherwise).
  return { ...methods, subscribe } as unknown as StationApi;
}
