/**
 * A tiny real HTTP server on 127.0.0.1 for the client's unit tests: each test scripts the answers it needs
 * and reads back exactly what the client sent.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeliveryClient } from '../../../main/nshift/delivery/client';
import type { DeliveryClientOptions } from '../../../main/nshift/delivery/client';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, raw: IncomingMessage) => unknown;

export interface FakeServer {
  origin: string;
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests other than the token exchange. */
  calls(): RecordedRequest[];
  exchanges(): RecordedRequest[];
  close(): Promise<void>;
}

export const KEY_ID = 'station-key';
export const SECRET = 'sUp3r-s3cret-value-42';
export const BASIC = Buffer.from(`${KEY_ID}:${SECRET}`).toString('base64');

export async function startFake(handler: Handler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const req: RecordedRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(req);
      void Promise.resolve(handler(req, res, raw)).catch((e: unknown) => {
        res.statusCode = 599;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/rs-extapi/v1`,
    requests,
    calls: () => requests.filter((r) => !r.url.startsWith('/rs-extapi/v1/sessions/jwt')),
    exchanges: () => requests.filter((r) => r.url.startsWith('/rs-extapi/v1/sessions/jwt')),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Answers the token exchange (valid Basic → `tok-N`), or returns false so the test handles the request. */
export function handleExchange(req: RecordedRequest, res: ServerResponse, counter: { n: number }): boolean {
  if (!req.url.startsWith('/rs-extapi/v1/sessions/jwt')) return false;
  if (req.headers.authorization !== `Basic ${BASIC}`) {
    json(res, 401, { code: 'ILLEGAL', message: 'bad key' });
    return true;
  }
  counter.n++;
  json(res, 200, { token: `tok-${counter.n}` });
  return true;
}

export interface TestClientExtras {
  sleeps: number[];
  logs: string[];
}

export function testClient(fake: FakeServer, overrides: Partial<DeliveryClientOptions> = {}) {
  const extras: TestClientExtras = { sleeps: [], logs: [] };
  const client = createDeliveryClient({
    baseUrl: fake.baseUrl,
    apiKey: { id: KEY_ID, secret: SECRET },
    sleep: async (ms) => {
      extras.sleeps.push(ms);
    },
    random: () => 0.5,
    logger: (line) => extras.logs.push(line),
    token: { renewInBackground: false },
    ...overrides,
  });
  return { client, ...extras };
}
