/**
 * The floor: the least a program can do to turn a scan into a label. Only the requests the path cannot avoid,
 * on one keep-alive undici Agent with a token fetched beforehand, the label bytes written to a printer socket
 * opened beforehand. No journal, no cache, no spool, no validation: what is left is the simulator's latency,
 * HTTP and the printer's TCP.
 */
import net from 'node:net';
import { Agent } from 'undici';
import * as z from 'zod';
import { toNshiftPrintConfig } from '../../main/station/print-config';
import { defaultSettings } from '../../main/settings/schema';

const idList = z.array(z.looseObject({ id: z.union([z.string(), z.number()]) }));
const token = z.looseObject({ token: z.string() });
const orderShipment = z.looseObject({ shipmentId: z.union([z.string(), z.number()]) });
const prints = z.array(z.looseObject({ data: z.string().nullish() }));
const shipmentResults = z.array(z.looseObject({ prints: prints.nullish() }));

export interface Floor {
  /** Opens the printer socket (before the clock starts). */
  openPrinter(): Promise<net.Socket>;
  /** GET /orders?internalReference → POST /orders/shipments → GET prints?returnFile=true → write. */
  order(code: string, printer: net.Socket): Promise<number>;
  /** GET /stored-shipments?searchValue → POST /stored-shipments/{id}/shipments?returnFile=true → write. */
  stored(code: string, printer: net.Socket): Promise<number>;
  /** The lookups alone, done before the clock starts (for the pre-resolved floor). */
  orderId(code: string): Promise<string>;
  storedId(code: string): Promise<string>;
  /** Pre-resolved: POST /orders/shipments → GET prints?returnFile=true → write (what a scan resolved from a local index needs). */
  orderKnown(orderId: string, printer: net.Socket): Promise<number>;
  /** Pre-resolved: POST /stored-shipments/{id}/shipments?returnFile=true → write. */
  storedKnown(storedId: string, printer: net.Socket): Promise<number>;
  close(): Promise<void>;
}

export async function createFloor(options: { deliveryBaseUrl: string; apiKey: { id: string; secret: string }; printer: { host: string; port: number } }): Promise<Floor> {
  const base = new URL(options.deliveryBaseUrl);
  const origin = base.origin;
  const prefix = base.pathname.replace(/\/$/, '');
  const agent = new Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000 });
  // The same printConfig as the station's defaults, so the simulator makes the same documents.
  const printConfig = toNshiftPrintConfig(defaultSettings().printConfig.targets);

  async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<unknown> {
    const res = await agent.request({
      origin,
      path: prefix + path,
      method,
      headers: { accept: 'application/json', ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`floor: ${method} ${path} answered ${res.statusCode}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  }

  const basic = Buffer.from(`${options.apiKey.id}:${options.apiKey.secret}`).toString('base64');
  const bearer = { authorization: `Bearer ${token.parse(await call('GET', '/sessions/jwt', { authorization: `Basic ${basic}` })).token}` };

  function zplOf(list: z.infer<typeof prints>): Buffer {
    const docs = list.map((p) => Buffer.from(p.data ?? '', 'base64')).filter((b) => b.subarray(0, 64).toString('latin1').includes('^XA'));
    if (docs.length === 0) throw new Error('floor: no ZPL document in the answer');
    return Buffer.concat(docs);
  }

  function write(socket: net.Socket, bytes: Buffer): Promise<number> {
    return new Promise((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve(bytes.length))));
  }

  async function orderId(code: string): Promise<string> {
    const orders = idList.parse(await call('GET', `/orders?internalReference=${encodeURIComponent(code)}`, bearer));
    return String(orders[0]?.id ?? '');
  }

  async function storedId(code: string): Promise<string> {
    const q = `searchField=orderNo&searchOp=equals&searchValue=${encodeURIComponent(code)}`;
    const found = idList.parse(await call('GET', `/stored-shipments?${q}`, bearer));
    return String(found[0]?.id ?? '');
  }

  async function orderKnown(id: string, printer: net.Socket): Promise<number> {
    const booked = orderShipment.parse(await call('POST', '/orders/shipments', bearer, { orderId: id, printConfig }));
    const listed = prints.parse(await call('GET', `/shipments/${booked.shipmentId}/prints?returnFile=true`, bearer));
    return write(printer, zplOf(listed));
  }

  async function storedKnown(id: string, printer: net.Socket): Promise<number> {
    const results = shipmentResults.parse(await call('POST', `/stored-shipments/${id}/shipments?returnFile=true`, bearer, printConfig));
    return write(printer, zplOf(results.flatMap((r) => r.prints ?? [])));
  }

  return {
    openPrinter() {
      return new Promise((resolve, reject) => {
        const socket = net.connect({ host: options.printer.host, port: options.printer.port });
        socket.setNoDelay(true);
        socket.once('error', reject);
        socket.once('connect', () => resolve(socket));
      });
    },
    async order(code, printer) {
      return orderKnown(await orderId(code), printer);
    },
    async stored(code, printer) {
      return storedKnown(await storedId(code), printer);
    },
    orderId,
    storedId,
    orderKnown,
    storedKnown,
    close: () => agent.close(),
  };
}
