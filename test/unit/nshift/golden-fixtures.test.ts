/**
 * nShift's published Delivery examples are golden: each file in test/fixtures/nshift/delivery/ is one request,
 * answer or error body as a public source shows it (the file names the source). Answers are served over real
 * HTTP and read by the client's own code; requests are compared, key by key and type by type, with what the
 * client sends. A schema that rejects a documented example is a bug of the schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { DeliveryClient } from '../../../main/nshift/delivery/client';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';
import { ROUTES, type OperationName } from '../../../main/nshift/delivery/routes';
import type { PrintConfig, Shipment } from '../../../main/nshift/delivery/types';
import type { Result } from '../../../main/result';
import { toNshiftPrintConfig } from '../../../main/station/print-config';
import { handleExchange, json, startFake, testClient, type FakeServer } from './fake-nshift';

const DIR = join(__dirname, '../../fixtures/nshift/delivery');

const fixtureSchema = z.object({
  operation: z.enum(Object.keys(ROUTES) as [OperationName, ...OperationName[]]),
  kind: z.enum(['request', 'response', 'error']),
  status: z.number().int().optional(),
  /** A public URL, or `owner/repository path/to/file`. */
  source: z.string().regex(/^https:\/\/\S+$|^[\w.-]+\/[\w.-]+ \S+/),
  note: z.string().optional(),
  body: z.unknown(),
});
type Fixture = z.infer<typeof fixtureSchema> & { file: string };

const fixtures: Fixture[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, ...fixtureSchema.parse(JSON.parse(readFileSync(join(DIR, file), 'utf8'))) }));

const PRINT_CONFIG: PrintConfig = { target1Media: 'thermo-190', target1Type: 'zpl' };
const SHIPMENT: Shipment = { receiver: { name: 'A' }, service: { id: 'P15' }, parcels: [{ weight: 1 }] };

/** How the client is made to send each operation a fixture stands for; the request body is the fixture's own. */
const send: Partial<
  Record<OperationName, (client: DeliveryClient, body: unknown) => Promise<Result<unknown, DeliveryError>>>
> = {
  'shipments.create': (c, body) =>
    c.shipments.create(
      (body as { printConfig: PrintConfig; shipment: Shipment } | undefined) ?? {
        printConfig: PRINT_CONFIG,
        shipment: SHIPMENT,
      },
    ),
  'shipments.printedFeed': (c) => c.shipments.printedFeedPage(-1),
  'storedShipments.create': (c, body) => c.storedShipments.create((body as Shipment | undefined) ?? SHIPMENT),
  'storedShipments.list': (c) =>
    c.storedShipments.list({ searchField: 'orderNo', searchValue: 'order number 123' }),
  'storedShipments.book': (c, body) =>
    c.storedShipments.book('4127538', (body as PrintConfig | undefined) ?? PRINT_CONFIG),
  'consolidated.create': (c) =>
    c.consolidated.create({
      printConfig: PRINT_CONFIG,
      shipment: { ...SHIPMENT, options: [{ id: 'CONSOLIDATE', key: 'testapi1' }] },
    }),
  'consolidated.listOpen': (c) => c.consolidated.listOpen(),
  'consolidated.close': (c) => c.consolidated.close('4127561', PRINT_CONFIG),
  'alerts.feed': (c) => c.alerts.page(-1),
  'printClients.list': (c) => c.print.clients({ page: 0 }),
};

type Body = Record<string, unknown> & { id?: string };
const first = (body: unknown) => (body as Body[])[0]!;
/** What the client must have read out of each documented answer: the fields a station relies on. */
const readAs: Partial<Record<OperationName, (body: unknown) => unknown>> = {
  'shipments.create': (b) => [
    { id: first(b).id, consolidated: first(b).consolidated, status: first(b).status },
  ],
  'storedShipments.book': (b) => [{ id: first(b).id, consolidated: first(b).consolidated }],
  'consolidated.create': (b) => [{ id: first(b).id, consolidated: true, shipmentNo: first(b).shipmentNo }],
  'consolidated.close': (b) => [{ id: first(b).id, shipmentNo: first(b).shipmentNo }],
  'shipments.printedFeed': (b) => ({
    fetchId: Number((b as Body).fetchId),
    done: true,
    minDelayMs: 100,
    items: [{ id: first((b as { shipments: unknown }).shipments).id }],
  }),
  'storedShipments.create': (b) => ({ id: (b as Body).id, status: 'READY' }),
  'storedShipments.list': (b) => [{ id: first(b).id, status: 'READY' }],
  'consolidated.listOpen': (b) => [{ id: first(b).id, shipmentNo: first(b).shipmentNo }],
  'alerts.feed': (b) => ({
    fetchId: 2,
    items: [{ alertCode: first((b as { alerts: unknown }).alerts).alertCode }],
  }),
  'printClients.list': (b) => (b as Body[]).map(({ id, state }) => ({ id, state })),
};

/** What a JSON value is made of: its keys (recursively) and the JSON type of every leaf. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null) return 'null';
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  return typeof value;
}

/**
 * Runs `use` against a fake nShift that answers every call (but the token exchange) with `status` and `body`,
 * then closes both.
 */
async function serving(
  status: number,
  body: unknown,
  use: (client: DeliveryClient, fake: FakeServer) => Promise<void>,
): Promise<void> {
  const tokens = { n: 0 };
  const fake = await startFake((req, res) => {
    if (handleExchange(req, res, tokens)) return;
    json(res, status, body);
  });
  const { client } = testClient(fake);
  try {
    await use(client, fake);
  } finally {
    await client.close();
    await fake.close();
  }
}

function sender(fixture: Fixture) {
  const call = send[fixture.operation];
  if (!call) throw new Error(`${fixture.file}: no way to send ${fixture.operation} in this test`);
  return call;
}

describe('golden fixtures: the examples nShift publishes for the Delivery operations Packbench uses', () => {
  it('are there, each naming its source', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
    for (const kind of ['request', 'response', 'error'] as const)
      expect(fixtures.some((f) => f.kind === kind)).toBe(true);
  });

  it.each(fixtures.filter((f) => f.kind === 'response').map((f) => [f.file, f] as const))(
    '%s: the client reads the documented answer',
    (_file, fixture) =>
      serving(fixture.status ?? 200, fixture.body, async (client) => {
        const result = await sender(fixture)(client, undefined);
        expect(result, JSON.stringify(result.ok ? '' : result.error)).toMatchObject({
          ok: true,
          value: readAs[fixture.operation]!(fixture.body),
        });
      }),
  );

  it.each(fixtures.filter((f) => f.kind === 'error').map((f) => [f.file, f] as const))(
    '%s: the client turns the documented error body into its error',
    (_file, fixture) =>
      serving(fixture.status!, fixture.body, async (client) => {
        const result = await sender(fixture)(client, undefined);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        if (fixture.status === 422) {
          expect(result.error).toMatchObject({ kind: 'validation', status: 422, errors: fixture.body });
        } else {
          const { code, message } = fixture.body as { code: string; message: string };
          expect(result.error).toMatchObject({ kind: 'server', status: fixture.status, code, message });
        }
      }),
  );

  it.each(fixtures.filter((f) => f.kind === 'request').map((f) => [f.file, f] as const))(
    '%s: the client sends the documented shape',
    (_file, fixture) =>
      serving(400, { code: 'ILLEGAL', message: 'only the request matters here' }, async (client, fake) => {
        await sender(fixture)(client, fixture.body);
        const [sent] = fake.calls();
        expect(sent?.method).toBe(ROUTES[fixture.operation].method);
        expect(shape(JSON.parse(sent!.body))).toEqual(shape(fixture.body));
      }),
  );

  it("the station's print configuration uses only the documented printConfig keys, with their types", () => {
    const documented = fixtures
      .filter((f) => f.kind === 'request')
      .flatMap((f) => {
        const body = f.body as Record<string, unknown>;
        return [body.printConfig, f.operation === 'storedShipments.book' ? body : undefined];
      })
      .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null);
    const typeOf = new Map<string, unknown>();
    for (const config of documented)
      for (const [key, value] of Object.entries(config))
        if (value !== null) typeOf.set(key.replace(/^target\d/, 'targetN'), shape(value));
    const station = toNshiftPrintConfig([
      { media: 'thermo-190', type: 'zpl', mode: 'DT', charset: 'UTF8' },
      { media: 'laser-a4', type: 'pdf' },
    ]);
    for (const [key, value] of Object.entries(station)) {
      const documentedType = typeOf.get(key.replace(/^target\d/, 'targetN'));
      expect(documentedType, `${key} is no documented printConfig key`).toBeDefined();
      if (Array.isArray(value)) expect(shape(value[0])).toEqual((documentedType as unknown[])[0]);
      else expect(shape(value)).toEqual(documentedType);
    }
  });
});
