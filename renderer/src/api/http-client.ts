import * as z from 'zod/mini';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';
import type { MethodOutput, StationApi, StationEvent, StationEventListener } from '../../../preload/api';
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

export interface HttpStationApiOptions {
  /** Origin of the web host, e.g. `http://127.0.0.1:4173`. */
  baseUrl: string;
  token: string | undefined;
  fetch?: typeof fetch;
  eventSource?: EventSourceFactory;
  /** Wait before opening a new stream when the host closed it for good (EventSource retries the rest). */
  reopenDelayMs?: number;
  /** Told when the event stream drops and when it is back: the status bar shows the host as unreachable. */
  onConnectionChange?: (connected: boolean) => void;
}

const resultEnvelope = z.object({ result: z.unknown() });
const stationEventSchema = z.looseObject({ type: z.enum(['job', 'spool', 'printer', 'status']) });

const EVENT_SOURCE_CLOSED = 2;

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

  async function call(method: string, input: unknown): Promise<unknown> {
    const response = await doFetch(new URL(`/api/${method}`, options.baseUrl).toString(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ input: input === undefined ? null : input }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const body = parseApiErrorBody(json);
      throw new StationCallError(
        body ?? {
          error: response.status === 401 ? 'unauthorized' : 'internal',
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

  function open(): void {
    const url = new URL('/api/events', options.baseUrl);
    if (options.token) url.searchParams.set('token', options.token);
    const es = openEventSource(url.toString());
    source = es;
    es.onopen = () => {
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
      options.onConnectionChange?.(false);
      // EventSource reconnects by itself unless the host answered with an error status: then we reopen.
      if (es.readyState === EVENT_SOURCE_CLOSED && source === es && listeners.size > 0) {
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
