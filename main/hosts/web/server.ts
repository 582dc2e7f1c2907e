import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative, sep } from 'node:path';
import type { StationApi, StationEvent } from '../../../preload/api';
import type * as Dispatch from '../shared/dispatch';

/**
 * The web host: the built renderer and the StationApi over HTTP on 127.0.0.1, for thin-client stations and
 * for end-to-end tests in a real browser. Every API call needs the per-launch token; `Host` and `Origin` are
 * checked so a web page elsewhere cannot reach the station through DNS rebinding or a cross-site request.
 */

export interface WebHostOptions {
  /** The station, or its opening: calls that arrive before it has opened wait for it. */
  station: StationApi | Promise<StationApi>;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  host?: string;
  port?: number;
  /** Random per launch unless given (tests, or the token kept in the data folder: `--keep-token`). */
  token?: string;
  /** Extra endpoints under /api/_demo/ (demo mode only), token-guarded like the rest. */
  demoControls?: Record<string, () => Promise<unknown>>;
  log?: (line: string) => void;
}

export interface WebHost {
  url: string;
  /** The URL to open: carries the token once; the page moves it out of the address bar. */
  openUrl: string;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; " +
  "frame-ancestors 'none'; form-action 'none'";

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()');
}

/**
 * The page itself is never cached (it names the build's files); Vite's output files carry a hash of their
 * content in their name, so a browser may keep them for good: a kiosk that opens the page every morning then
 * takes them from its cache instead of fetching them again. Anything else is kept for an hour.
 */
function cacheControl(fileInRenderer: string): string {
  const path = fileInRenderer.split(sep).join('/');
  if (path === 'index.html') return 'no-store';
  if (/^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function tokenMatches(expected: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const candidate = Buffer.from(given, 'utf8');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, 'The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new BodyError(400, 'The request body is not JSON.');
  }
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  const tokenBytes = Buffer.from(token, 'utf8');
  const log = options.log ?? (() => {});
  const rendererRoot = normalize(options.rendererDir);
  const eventStreams = new Set<ServerResponse>();
  // A Map, not the options' object: a route name is looked up among the controls given, never on
  // Object.prototype (`constructor`, `toString`, `__proto__` are no controls).
  const demoControls = new Map(Object.entries(options.demoControls ?? {}));
  let port = 0;

  const allowedHosts = (): Set<string> =>
    new Set([`${host}:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const allowedOrigins = (): Set<string> => new Set([...allowedHosts()].map((h) => `http://${h}`));

  const opening = Promise.resolve(options.station);
  let unsubscribe = (): void => {};
  let closed = false;
  // A station that fails to open is reported by whoever opened it; its calls are answered 503 below.
  opening.then(
    (station) => {
      if (closed) return;
      unsubscribe = station.subscribe((event: StationEvent) => {
        const frame = `data: ${JSON.stringify(event)}\n\n`;
        for (const res of eventStreams) res.write(frame);
      });
    },
    () => undefined,
  );
  // The argument schemas are the station contract's: loaded with the first call, not before the page is served.
  let dispatcher: Promise<typeof Dispatch> | undefined;
  async function call(name: string, input: unknown): Promise<Dispatch.DispatchResult> {
    let station: StationApi;
    try {
      station = await opening;
    } catch {
      return {
        ok: false,
        status: 503,
        body: { error: 'internal', message: 'The station could not open: its host says why in its log.' },
      };
    }
    dispatcher ??= import('../shared/dispatch');
    return (await dispatcher).dispatch(station, name, input, log);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    let wanted: string;
    try {
      wanted = pathname === '/' ? '/index.html' : decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Malformed path.');
      return;
    }
    const file = normalize(join(rendererRoot, wanted));
    const rel = relative(rendererRoot, file);
    if (rel.startsWith('..') || rel.includes(`..${sep}`) || rel === '') {
      res.writeHead(404).end();
      return;
    }
    const info = await stat(file).catch(() => undefined);
    const target = info?.isFile() ? file : join(rendererRoot, 'index.html');
    const targetInfo = info?.isFile() ? info : await stat(target).catch(() => undefined);
    if (!targetInfo) {
      res
        .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The UI is not built: run "npm run build".');
      return;
    }
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
      'Content-Length': targetInfo.size,
      'Cache-Control': cacheControl(relative(rendererRoot, target)),
    });
    createReadStream(target).pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res);
    // DNS rebinding: a foreign name that resolves to 127.0.0.1 still carries its own Host header.
    if (!allowedHosts().has(req.headers.host ?? '')) {
      sendJson(res, 421, { error: 'unauthorized', message: 'Unknown Host.' });
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) {
      sendJson(res, 403, { error: 'unauthorized', message: 'Requests from other origins are refused.' });
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      await serveStatic(url.pathname, res);
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    // EventSource cannot set headers: the event stream alone takes the token as a query parameter.
    const given = url.pathname === '/api/events' ? (url.searchParams.get('token') ?? bearer) : bearer;
    if (!tokenMatches(tokenBytes, given)) {
      sendJson(res, 401, { error: 'unauthorized', message: 'Missing or wrong station token.' });
      return;
    }

    if (url.pathname === '/api/events' && req.method === 'GET') {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      eventStreams.add(res);
      req.on('close', () => eventStreams.delete(res));
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'invalid_argument', message: 'Use POST.' });
      return;
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      // Also stops "simple" cross-site form posts, which cannot send application/json.
      sendJson(res, 415, { error: 'invalid_argument', message: 'Send application/json.' });
      return;
    }
    let body: unknown;
    try {
      body = await readBody(req);
    } catch (error) {
      const status = error instanceof BodyError ? error.status : 400;
      sendJson(res, status, { error: 'invalid_argument', message: (error as Error).message });
      return;
    }
    const name = url.pathname.slice('/api/'.length);
    const demoControl = name.startsWith('_demo/') ? demoControls.get(name.slice('_demo/'.length)) : undefined;
    if (demoControl) {
      sendJson(res, 200, { result: (await demoControl()) ?? null });
      return;
    }
    const input =
      body && typeof body === 'object' && 'input' in body ? (body as { input: unknown }).input : undefined;
    const outcome = await call(name, input);
    if (outcome.ok) sendJson(res, 200, { result: outcome.value ?? null });
    else sendJson(res, outcome.status, outcome.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`web host: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: 'Packbench could not answer.' });
      else res.end();
    });
  });
  // Heartbeats keep the event stream open through proxies and let a browser notice a dead station.
  const heartbeat = setInterval(() => {
    for (const res of eventStreams) res.write(': ping\n\n');
  }, 15_000);
  heartbeat.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    // Nothing to serve (the port is taken, say): leave nothing behind that keeps the process alive.
    clearInterval(heartbeat);
    closed = true;
    unsubscribe();
    throw error;
  }
  port = (server.address() as AddressInfo).port;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: base,
    openUrl: `${base}/?token=${encodeURIComponent(token)}`,
    token,
    async close() {
      clearInterval(heartbeat);
      closed = true;
      unsubscribe();
      for (const res of eventStreams) res.end();
      eventStreams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
