import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy on 127.0.0.1 in front of the simulator that can spoil answers the way a broken gateway or a cut
 * connection does: truncated bodies, bodies that are not JSON, JSON of the wrong shape, an HTML error page.
 * By default the request is forwarded first (so a booking is committed) and only the answer is spoiled.
 */

export type Tamper =
  /** The real status and headers, but the connection is cut halfway through the body. */
  | { kind: 'truncate' }
  /** 200 with a body that is not JSON. */
  | { kind: 'garbage'; status?: number; body?: string; contentType?: string }
  /** The given status with a JSON body of the wrong shape. */
  | { kind: 'wrong-shape'; status?: number; json: unknown }
  /** The real status and headers, then the body one byte every `everyMs` (never idle long enough to time out). */
  | { kind: 'trickle'; everyMs: number }
  /** No answer at all: the connection stays open and silent. */
  | { kind: 'silent' }
  /** The real status, then `bytes` of JSON-looking filler as fast as the client reads (counted in `flooded`). */
  | { kind: 'flood'; bytes: number };

interface Rule {
  method: string;
  path: RegExp;
  remaining: number;
  tamper: Tamper;
  /** Forward to the simulator first (the request takes effect), then spoil the answer. Default true. */
  forward: boolean;
}

export interface TamperProxy {
  url: string;
  /** Spoil the next `count` answers to matching requests. */
  spoil(method: string, path: RegExp, tamper: Tamper, options?: { count?: number; forward?: boolean }): void;
  /** How many answers were spoiled so far. */
  spoiled(): number;
  /** How many bytes of `flood` answers the client took (the socket accepted) before it hung up. */
  flooded(): number;
  /** Forget every rule: from now on every answer is passed through untouched. */
  clear(): void;
  close(): Promise<void>;
}

function collect(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startTamperProxy(target: () => string): Promise<TamperProxy> {
  const rules: Rule[] = [];
  let spoiledCount = 0;
  let floodedBytes = 0;
  const timers = new Set<ReturnType<typeof setInterval>>();

  function forward(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    const base = new URL(target());
    return new Promise((resolve, reject) => {
      const out = request(
        {
          host: base.hostname,
          port: base.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: base.host },
        },
        (res) => {
          void collect(res).then(
            (b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }),
            reject,
          );
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await collect(req);
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const rule = rules.find((r) => r.remaining > 0 && r.method === req.method && r.path.test(path));
    if (!rule) {
      const real = await forward(req, body).catch(() => undefined);
      if (!real) {
        res.socket?.resetAndDestroy();
        return;
      }
      const headers = { ...real.headers };
      delete headers['transfer-encoding'];
      delete headers.connection;
      delete headers['keep-alive'];
      res.writeHead(real.status, { ...headers, 'content-length': real.body.length });
      res.end(real.body);
      return;
    }
    rule.remaining--;
    spoiledCount++;
    const real = rule.forward ? await forward(req, body).catch(() => undefined) : undefined;
    const tamper = rule.tamper;
    if (tamper.kind === 'truncate') {
      const whole = real?.body ?? Buffer.from('{"id":"1","parcels":[{"parcelNo":"1"}]}');
      res.writeHead(real?.status ?? 200, {
        'content-type': 'application/json',
        'content-length': whole.length,
      });
      res.write(whole.subarray(0, Math.floor(whole.length / 2)));
      // Cut the connection mid-body: the client sees a short read, never the rest.
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
      return;
    }
    if (tamper.kind === 'silent') return;
    if (tamper.kind === 'trickle') {
      const whole = real?.body ?? Buffer.from('{}');
      res.writeHead(real?.status ?? 200, {
        'content-type': 'application/json',
        'content-length': whole.length,
      });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent >= whole.length) return clearInterval(timer);
        res.write(whole.subarray(sent, ++sent));
      }, tamper.everyMs);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (tamper.kind === 'flood') {
      res.writeHead(real?.status ?? 200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let left = tamper.bytes;
      res.write('[');
      // Backpressure: a client that stops reading stops the flood, so what it took is what `flooded` counts.
      while (left > 0 && !res.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        const more = res.write(piece, (error) => {
          if (!error) floodedBytes += piece.length;
        });
        if (!more)
          await new Promise<void>((resolve) => {
            res.once('drain', resolve);
            res.once('close', resolve);
          });
      }
      if (!res.destroyed) res.end(']');
      return;
    }
    if (tamper.kind === 'garbage') {
      const text = Buffer.from(
        tamper.body ?? '<html><body>502 Bad Gateway\u0000\u00ff{"id":</body></html>',
        'latin1',
      );
      res.writeHead(tamper.status ?? 200, {
        'content-type': tamper.contentType ?? 'application/json',
        'content-length': text.length,
      });
      res.end(text);
      return;
    }
    const text = Buffer.from(JSON.stringify(tamper.json));
    res.writeHead(tamper.status ?? 200, {
      'content-type': 'application/json',
      'content-length': text.length,
    });
    res.end(text);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spoil(method, path, tamper, options = {}) {
      rules.push({ method, path, tamper, remaining: options.count ?? 1, forward: options.forward ?? true });
    },
    spoiled: () => spoiledCount,
    flooded: () => floodedBytes,
    clear() {
      rules.length = 0;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
