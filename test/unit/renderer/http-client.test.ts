// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StationEvent } from '../../../preload/api';
import { createHttpStationApi, type EventSourceLike } from '../../../renderer/src/api/http-client';
import { StationCallError, failureFromError, readApiError } from '../../../renderer/src/api/errors';
import { takeToken, TOKEN_STORAGE_KEY } from '../../../renderer/src/api/token';

type Seen = { method: string; url: string; authorization?: string; contentType?: string; body: string };

let server: Server;
let baseUrl: string;
let seen: Seen[];
let answer: (method: string, input: unknown) => { status: number; body: unknown };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeEach(async () => {
  seen = [];
  answer = () => ({ status: 200, body: { result: null } });
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const name = (request.url ?? '').replace('/api/', '');
      const reply = answer(name, body ? (JSON.parse(body) as { input: unknown }).input : undefined);
      response.writeHead(reply.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: EventSourceLike['onopen'] = null;
  onmessage: EventSourceLike['onmessage'] = null;
  onerror: EventSourceLike['onerror'] = null;
  closed = false;
  constructor(readonly url: string) {}
  open(): void {
    this.readyState = 1;
    (this.onopen as ((ev: Event) => void) | null)?.(new Event('open'));
  }
  message(data: unknown): void {
    (this.onmessage as ((ev: MessageEvent) => void) | null)?.(
      new MessageEvent('message', { data: JSON.stringify(data) }),
    );
  }
  drop(): void {
    this.readyState = 0;
    (this.onerror as ((ev: Event) => void) | null)?.(new Event('error'));
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
}

describe('HTTP StationApi client', () => {
  it('posts each method to /api/<name> with the bearer token and {input}, and returns result', async () => {
    answer = (method, input) =>
      method === 'scan'
        ? { status: 200, body: { result: { jobId: `job-for-${(input as { code: string }).code}` } } }
        : { status: 404, body: {} };
    const api = createHttpStationApi({ baseUrl, token: 'secret-token' });
    await expect(api.scan({ code: 'ORDER-1' })).resolves.toEqual({ jobId: 'job-for-ORDER-1' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/scan',
        authorization: 'Bearer secret-token',
        contentType: 'application/json',
        body: JSON.stringify({ input: { code: 'ORDER-1' } }),
      },
    ]);
  });

  it('sends null for methods without input', async () => {
    answer = () => ({ status: 200, body: { result: [] } });
    const api = createHttpStationApi({ baseUrl, token: 't' });
    await api.listJobs();
    expect(seen[0]?.body).toBe(JSON.stringify({ input: null }));
  });

  it('rejects with an error carrying the host ApiErrorBody and its failure', async () => {
    const failure = {
      reason: 'validation',
      code: 'validation',
      message: 'bad',
      errors: [{ field: 'receiver.zipcode', message: 'x' }],
    };
    answer = () => ({ status: 422, body: { error: 'failed', message: 'bad', failure } });
    const api = createHttpStationApi({ baseUrl, token: 't' });
    const error = await api.scan({ code: 'X' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StationCallError);
    expect(readApiError(error)?.error).toBe('failed');
    expect(failureFromError(error)).toEqual(failure);
  });

  it('reports a 401 without a body as unauthorized', async () => {
    answer = () => ({ status: 401, body: 'nope' });
    const api = createHttpStationApi({ baseUrl, token: undefined });
    const error = await api.getStatus().catch((e: unknown) => e);
    expect(readApiError(error)?.error).toBe('unauthorized');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('reads a 401 as the web host refusing this page’s token, never as nShift refusing the API key', async () => {
    answer = () => ({
      status: 401,
      body: { error: 'unauthorized', message: 'Missing or wrong station token.' },
    });
    const api = createHttpStationApi({ baseUrl, token: 'from-before-the-restart' });
    const error = await api.scan({ code: 'ORD-1' }).catch((e: unknown) => e);
    expect(failureFromError(error)).toMatchObject({ reason: 'auth', code: 'station_token_refused' });
  });

  it.each([
    [421, 'Unknown Host.'],
    [403, 'Requests from other origins are refused.'],
  ])(
    'reads the web host refusing this page (%i) as the page refused, never as nShift refusing the API key',
    async (status, message) => {
      answer = () => ({ status, body: { error: 'unauthorized', message } });
      const api = createHttpStationApi({ baseUrl, token: 't' });
      const error = await api.scan({ code: 'ORD-1' }).catch((e: unknown) => e);
      expect(failureFromError(error)).toMatchObject({
        reason: 'auth',
        code: 'station_token_refused',
        message,
      });
    },
  );

  it('reads a host that does not answer as the station unreachable, not nShift', async () => {
    const gone = baseUrl;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = createHttpStationApi({ baseUrl: gone, token: 't' });
    const error = await api.scan({ code: 'ORD-1' }).catch((e: unknown) => e);
    expect(failureFromError(error)).toMatchObject({ reason: 'network', code: 'station_unreachable' });
  });

  it('reads an answer that breaks off midway as the station unreachable (it may have been done), not nShift', async () => {
    const cut = createServer((request, response) => {
      void readBody(request).then(() => {
        // The head and part of the body, then the connection drops: Packbench stopped while answering.
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        response.write('{"result":{"jobId":"scan-');
        setImmediate(() => response.socket?.destroy());
      });
    });
    await new Promise<void>((resolve) => cut.listen(0, '127.0.0.1', resolve));
    try {
      const api = createHttpStationApi({
        baseUrl: `http://127.0.0.1:${(cut.address() as AddressInfo).port}`,
        token: 't',
      });
      const error = await api.scan({ code: 'ORD-1' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StationCallError);
      expect(failureFromError(error)).toMatchObject({
        reason: 'network',
        code: 'station_unreachable',
        detail: 'answer_cut_off',
      });
    } finally {
      await new Promise<void>((resolve) => cut.close(() => resolve()));
    }
  });

  it('says why the event stream is down: the host gone, or the host refusing the token', async () => {
    answer = () => ({
      status: 401,
      body: { error: 'unauthorized', message: 'Missing or wrong station token.' },
    });
    const sources: FakeEventSource[] = [];
    const connection: [boolean, string | undefined][] = [];
    const api = createHttpStationApi({
      baseUrl,
      token: 'stale',
      reopenDelayMs: 60_000,
      onConnectionChange: (connected, problem) => connection.push([connected, problem]),
      eventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
    });
    const stop = api.subscribe(() => undefined);
    const first = sources[0] as FakeEventSource;
    first.open();
    // The host went away: EventSource tries again by itself.
    first.drop();
    // It is back (restarted) and answers the stream with 401: EventSource gives up without saying why.
    first.readyState = 2;
    (first.onerror as ((ev: Event) => void) | null)?.(new Event('error'));
    await expect.poll(() => connection.length).toBe(3);
    expect(connection).toEqual([
      [true, undefined],
      [false, 'unreachable'],
      [false, 'token_refused'],
    ]);
    stop();
  });

  it('delivers server-sent events and refreshes status and jobs after a reconnect', async () => {
    const status = {
      host: 'web',
      version: '1',
      demo: false,
      account: { state: 'connected' },
      printers: [],
      queueLength: 0,
    };
    const job = {
      id: 'j1',
      kind: 'scan',
      scan: 'A',
      state: 'printed',
      createdAt: 'x',
      updatedAt: 'x',
      shipments: [],
    };
    answer = (method) => ({ status: 200, body: { result: method === 'getStatus' ? status : [job] } });
    const sources: FakeEventSource[] = [];
    const connection: boolean[] = [];
    const api = createHttpStationApi({
      baseUrl,
      token: 'tok',
      onConnectionChange: (connected) => connection.push(connected),
      eventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
    });
    const events: StationEvent[] = [];
    const stop = api.subscribe((event) => events.push(event));
    expect(sources[0]?.url).toBe(`${baseUrl}/api/events?token=tok`);
    sources[0]?.open();
    sources[0]?.message({ type: 'status', status });
    sources[0]?.message('not an event');
    expect(events).toEqual([{ type: 'status', status }]);
    expect(seen).toHaveLength(0);

    sources[0]?.drop();
    sources[0]?.open();
    await expect.poll(() => events.length).toBe(3);
    expect(events.slice(1)).toEqual([
      { type: 'status', status },
      { type: 'job', job },
    ]);
    expect(seen.map((s) => s.url)).toEqual(['/api/getStatus', '/api/listJobs']);
    expect(connection).toEqual([true, false, true]);
    stop();
    expect(sources[0]?.closed).toBe(true);
  });

  it('opens a new stream when the host closed the old one for good', async () => {
    const sources: FakeEventSource[] = [];
    const api = createHttpStationApi({
      baseUrl,
      token: 'tok',
      reopenDelayMs: 5,
      eventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
    });
    const stop = api.subscribe(() => undefined);
    const first = sources[0] as FakeEventSource;
    first.readyState = 2;
    (first.onerror as ((ev: Event) => void) | null)?.(new Event('error'));
    await expect.poll(() => sources.length).toBe(2);
    stop();
  });
});

describe('reading a refused call, whichever host refused it', () => {
  const body = {
    error: 'failed',
    message: 'no',
    failure: { reason: 'printer', code: 'no_printer', message: 'no' },
  };

  it('reads a plain ApiErrorBody (what crosses Electron’s contextBridge intact)', () => {
    expect(failureFromError(body).code).toBe('no_printer');
  });

  it('reads a body serialised into the message (an Error loses its own properties across contextBridge)', () => {
    expect(failureFromError(new Error(`Error invoking remote method: ${JSON.stringify(body)}`)).code).toBe(
      'no_printer',
    );
  });

  it('reads an unknown TypeError as the station’s own fault, never as nShift out of reach', () => {
    expect(failureFromError(new TypeError('Failed to fetch'))).toMatchObject({
      reason: 'network',
      code: 'internal',
    });
    expect(failureFromError(new TypeError('x is undefined')).detail).toBeUndefined();
  });

  it('reads a bare not_found (dispatch: "There is no method", a page of another version) as that, not as a code nShift lacks', () => {
    const failure = failureFromError({ error: 'not_found', message: 'There is no method "scanCode".' });
    expect(failure).toMatchObject({ code: 'internal', detail: 'unknown_method' });
    expect(failure.code).not.toBe('unknown_code');
    // A station's not_found carries its own failure, which is kept.
    const gone = {
      reason: 'not_found',
      code: 'unknown_code',
      message: 'There is no job j1.',
      detail: 'no_such_job',
    };
    expect(failureFromError({ error: 'not_found', message: 'There is no job j1.', failure: gone })).toEqual(
      gone,
    );
  });
});

describe('web host token', () => {
  function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
    };
  }

  it('reads ?token=, keeps it in session storage and removes it from the address bar', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const token = takeToken({ href: 'http://127.0.0.1:5000/?token=abc123&x=1' }, storage, {
      replaceState: (_data, _unused, url) => void replaced.push(String(url)),
    });
    expect(token).toBe('abc123');
    expect(storage.data.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(replaced).toEqual(['/?x=1']);
  });

  it('reads #token= as well', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const token = takeToken({ href: 'http://127.0.0.1:5000/#token=zz' }, storage, {
      replaceState: (_data, _unused, url) => void replaced.push(String(url)),
    });
    expect(token).toBe('zz');
    expect(replaced).toEqual(['/']);
  });

  it('falls back to the stored token after a reload', () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'kept');
    const token = takeToken({ href: 'http://127.0.0.1:5000/' }, storage, { replaceState: () => undefined });
    expect(token).toBe('kept');
  });
});
