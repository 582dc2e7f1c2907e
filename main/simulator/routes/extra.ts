/**
 * docs/nshift-api.md 1.9: address book, shipment history, status events, prices and price history, code lists,
 * waybills, webhooks and onboarding.
 */
import { shipmentResultJson } from '../booking';
import { CARRIERS, MEDIA, findCarrier, findService } from '../catalogue';
import type { SimContext } from '../context';
import { printJson, storeDocument } from '../documents';
import { formatDate, formatTimestamp, parseQueryDate } from '../format';
import {
  apiError,
  bool,
  json,
  notFound,
  paginate,
  parseBody,
  unprocessable,
  type Handler,
  type Router,
} from '../http';
import { buildWaybillPdf } from '../pdf';
import { parsePrintConfig, pickTarget } from '../print-config';
import { priceBodySchema } from '../schemas';
import { nextId, type RecordStore } from '../state';
import { hasErrors } from '../validation';
import { validateShipment } from '../validation';
import { resolveSender } from '../booking';
import { readJsonObject, registerCrud } from './crud';
import { serve } from '../operations';
import { serveFeed } from '../feeds';
import { fetchDocument } from './shipments';
import { shipmentSearchValues, textMatches } from './stored';

const SIX_MONTHS_MS = 183 * 86_400_000;
const HISTORY_PAGE = 50;

/**
 * `since` of the address book: yyyyMMddHHmmss, yyyyMMddHHmm, yyyyMMdd or yyMMdd (UTC here), and the ISO dates
 * the simulator took before.
 */
export function parseSince(value: string | null): number | undefined {
  if (!value || !/^(\d{6}|\d{8}|\d{12}|\d{14})$/.test(value)) return parseQueryDate(value, 'from');
  const digits = value.length === 6 ? `20${value}` : value;
  const at = (from: number) => digits.slice(from, from + 2) || '00';
  return Date.parse(`${digits.slice(0, 4)}-${at(4)}-${at(6)}T${at(8)}:${at(10)}:${at(12)}Z`);
}

/** An address-book list: `page` (from 0, 50 a page) is required, as nShift documents; filters narrow it. */
function addressBookList(store: RecordStore, idField: 'senderId' | 'receiverId'): Handler {
  return (req) => {
    const page = req.query.get('page');
    if (page === null || !/^\d+$/.test(page)) return apiError(400, 'MISSING', 'Missing page argument');
    const id = req.query.get(idField);
    const quickId = req.query.get('quickId');
    const since = parseSince(req.query.get('since'));
    const changed = (r: Record<string, unknown>) =>
      Date.parse(String(r.changed ?? r.created).replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    const items = [...store.values()].filter(
      (r) =>
        (!id || String(r.id) === id) &&
        (!quickId || String(r.quickId ?? '') === quickId) &&
        (since === undefined || changed(r) >= since),
    );
    return json(200, paginate(items, req.query));
  };
}

export function registerExtraRoutes(router: Router, ctx: SimContext): void {
  const { stores } = ctx.state;

  // Address book under /addresses: creating returns the id; a list needs `page` and filters by id, quick id and
  // changes since a date. Receivers are read with the "REST API AddressBook" licence (seed).
  registerCrud(router, ctx, {
    ops: {
      create: 'senders.create',
      put: 'senders.replace',
      patch: 'senders.update',
      delete: 'senders.delete',
    },
    store: stores.senders,
    counter: 'sender',
  });
  serve(router, 'senders.list', addressBookList(stores.senders, 'senderId'));
  serve(router, 'receivers.fetch', addressBookList(stores.receivers, 'receiverId'), {
    licenses: ['REST API AddressBook'],
  });
  registerCrud(router, ctx, {
    ops: {
      create: 'receivers.create',
      put: 'receivers.replace',
      patch: 'receivers.update',
      delete: 'receivers.delete',
    },
    store: stores.receivers,
    counter: 'receiver',
  });

  // Shipment history under /shipments-history: newest first, 50 a page, at most six months back.
  serve(
    router,
    'history.search',
    (req) => {
      const now = ctx.clock.now();
      const dateType = req.query.get('dateType') ?? 'created';
      const from = Math.max(parseQueryDate(req.query.get('dateFrom'), 'from') ?? 0, now - SIX_MONTHS_MS);
      const to = parseQueryDate(req.query.get('dateTo'), 'to');
      const field = req.query.get('searchField');
      const value = req.query.get('searchValue');
      const op = req.query.get('searchOp') ?? 'equals';
      const status = req.query.get('status')?.toUpperCase();
      const items = [...ctx.state.shipments.values()]
        .filter((s) => {
          const date = dateType === 'ship' ? s.shipDate : s.created;
          if (date < from || (to !== undefined && date > to)) return false;
          if (status && s.status !== status) return false;
          if (field && value && !shipmentSearchValues(s, field).some((c) => textMatches(c, op, value)))
            return false;
          return true;
        })
        .sort((a, b) => b.created - a.created || Number(b.id) - Number(a.id));
      // `{page, totalPages, shipments}`, as a real client of the service reads the history (futhr/solidus_nshift).
      const page = Math.max(0, Number.parseInt(req.query.get('page') ?? '0', 10) || 0);
      return json(200, {
        page,
        totalPages: Math.ceil(items.length / HISTORY_PAGE),
        shipments: paginate(items, req.query, HISTORY_PAGE).map((s) => ({
          ...shipmentResultJson(ctx, s, false),
          carrierId: s.carrierId,
        })),
      });
    },
    { licenses: ['REST API Shipment History'] },
  );

  serve(
    router,
    'alerts.feed',
    (req) =>
      serveFeed(
        ctx,
        req,
        'alerts',
        ctx.state.alerts,
        (a) => a.seq,
        (page) => ({
          alerts: page.map((a) => {
            const s = ctx.state.shipments.get(a.shipmentId);
            return {
              alertCode: a.alertCode,
              alertTime: formatTimestamp(a.alertTime),
              alertCreated: formatTimestamp(a.created),
              alertInfo: 'STATUS',
              shipmentInfo: {
                orderNo: s?.orderNo ?? null,
                shipmentNo: s?.shipmentNo ?? null,
                parcels: s?.parcels.map((p) => ({ parcelNo: p.parcelNo })) ?? [],
              },
            };
          }),
        }),
      ),
    { licenses: ['REST API Status events'] },
  );

  // Prices: service base + per started kg; percent (a whole number) is computed on price + amount. The
  // surcharges in the answer are the money they add.
  serve(
    router,
    'prices.fetch',
    (req) => {
      const body = parseBody(req, priceBodySchema);
      if (!body.ok) return body.reply;
      const errors = validateShipment(body.value.shipment, resolveSender(ctx, body.value.shipment));
      if (hasErrors(errors)) return unprocessable(errors);
      const service = findService(body.value.shipment.service?.id ?? undefined)!;
      const weight = (body.value.shipment.parcels ?? []).reduce(
        (sum, p) => sum + (p.weight ?? 0) * (p.copies ?? 1),
        0,
      );
      const chargeableWeight = Math.ceil(weight);
      const price = service.basePrice + chargeableWeight * service.pricePerKg;
      const amount = body.value.additionalSurcharges?.amount ?? 0;
      const percent = body.value.additionalSurcharges?.percent ?? 0;
      const withSurcharges = Math.round((price + amount) * (1 + percent / 100) * 100) / 100;
      // nShift's answer (article 10663465999260): the figures in `priceData`, problems in `errorList`.
      const response = {
        priceData: {
          price,
          additionalSurcharges: Math.round((withSurcharges - price) * 100) / 100,
          priceWithAdditionalSurcharges: withSurcharges,
          totalWeight: weight,
          chargeableWeight,
          currency: 'SEK',
        },
        errorList: null,
      };
      ctx.state.priceHistory.push({
        seq: nextId(ctx.state, 'price'),
        created: ctx.clock.now(),
        request: body.value,
        response,
      });
      return json(200, response);
    },
    { licenses: ['REST API price enquiry'] },
  );
  serve(
    router,
    'prices.historyFeed',
    (req) =>
      serveFeed(
        ctx,
        req,
        'prices',
        ctx.state.priceHistory,
        (p) => p.seq,
        (page) => ({
          prices: page.map((p) => ({
            created: formatTimestamp(p.created),
            request: p.request,
            response: p.response,
          })),
        }),
      ),
    { licenses: ['REST API price enquiry'] },
  );

  serve(
    router,
    'codeLists.partners',
    (req) => {
      const carrier = req.query.get('partnerId') ?? req.query.get('carrierId');
      return json(
        200,
        CARRIERS.filter((c) => !carrier || c.id === carrier).map((c) => ({
          id: c.id,
          description: c.name,
          services: c.services.map((s) => ({
            id: s.id,
            description: s.name,
            maxWeight: s.maxWeightKg,
            addons: s.addons.map((a) => ({ id: a })),
          })),
          media: Object.keys(MEDIA),
        })),
      );
    },
    { licenses: ['REST API Store'] },
  );

  // Waybills under /shipment-waybills: a master shipment over bulk shipments, printed as an A4 PDF.
  serve(router, 'waybills.list', (req) => json(200, paginate([...stores.waybills.values()], req.query)));
  serve(router, 'waybills.get', (req) => {
    const w = stores.waybills.get(req.params.waybillId ?? '');
    return w ? json(200, w) : notFound();
  });
  serve(
    router,
    'waybills.create',
    async (req) => {
      const body = readJsonObject(req);
      if (!body) return apiError(400, 'ILLEGAL', 'Body must be a JSON object');
      const parsed = parsePrintConfig((body.printConfig as Record<string, unknown> | undefined) ?? undefined);
      if (!parsed.ok) return apiError(400, 'ILLEGAL', parsed.message);
      const waybill = (body.waybill && typeof body.waybill === 'object' ? body.waybill : body) as Record<
        string,
        unknown
      >;
      const shipmentIds = Array.isArray(waybill.shipmentIds) ? waybill.shipmentIds.map(String) : [];
      const shipments = shipmentIds.flatMap((id) =>
        ctx.state.shipments.get(id) ? [ctx.state.shipments.get(id)!] : [],
      );
      const first = shipments[0];
      const id = String(nextId(ctx.state, 'waybill'));
      const bytes = await buildWaybillPdf({
        title: 'Waybill',
        shipmentNo: `WB${id}`,
        carrierName: findCarrier(first?.carrierId ?? '')?.name ?? String(waybill.type ?? 'Bulk'),
        serviceName: String(waybill.type ?? 'Bulk waybill'),
        sender: first?.sender ?? {},
        receiver: first?.receiver ?? {},
        shipDate: formatDate(ctx.clock.now()),
        parcels: shipments.flatMap((s) =>
          s.parcels.map((p) => ({ parcelNo: p.parcelNo, weightKg: p.weight, reference: s.shipmentNo })),
        ),
      });
      const doc = storeDocument(ctx, {
        owner: { kind: 'waybill', id },
        description: 'Waybill',
        format: 'pdf',
        media: pickTarget(parsed.targets, 'a4').media.id,
        bytes,
      });
      const record = {
        id,
        type: waybill.type ?? null,
        shipmentIds,
        created: formatTimestamp(ctx.clock.now()),
        prints: [printJson(ctx, doc, false)],
      };
      stores.waybills.set(id, record);
      return json(201, { ...record, prints: [printJson(ctx, doc, bool(req.query, 'returnFile'))] });
    },
    { licenses: ['REST API Print'] },
  );
  router.add(
    'GET',
    '/shipment-waybills/:waybillId/prints/:printId',
    (req) => fetchDocument(ctx, req, { kind: 'waybill', id: req.params.waybillId ?? '' }),
    { licenses: ['REST API Print'] },
  );

  // Webhooks (assumed): recorded, never delivered (the simulator makes no outbound calls).
  registerCrud(router, ctx, {
    ops: {
      list: 'webhooks.list',
      get: 'webhooks.get',
      create: 'webhooks.create',
      put: 'webhooks.update',
      delete: 'webhooks.delete',
    },
    store: stores.webhooks,
    counter: 'webhook',
    required: ['url'],
  });
  const events = (webhookId: string) =>
    [...stores.webhookEvents.values()].filter((e) => e.webhookId === webhookId);
  serve(router, 'webhooks.events', (req) =>
    stores.webhooks.has(req.params.webhookId ?? '')
      ? json(200, paginate(events(req.params.webhookId ?? ''), req.query))
      : notFound(),
  );
  serve(router, 'webhooks.event', (req) => {
    const e = stores.webhookEvents.get(req.params.webhookEventId ?? '');
    return e && e.webhookId === req.params.webhookId ? json(200, e) : notFound();
  });
  serve(router, 'webhooks.test', (req) => {
    const hook = stores.webhooks.get(req.params.webhookId ?? '');
    if (!hook) return notFound();
    const event = {
      webhookEventId: String(nextId(ctx.state, 'webhookEvent')),
      webhookId: String(hook.id),
      created: formatTimestamp(ctx.clock.now()),
      status: 'SENT',
      test: true,
      payload: { subjectType: hook.subjectType ?? 'SHIPMENT', dummy: true },
    };
    stores.webhookEvents.set(event.webhookEventId, event);
    return json(201, event);
  });
  serve(router, 'webhooks.resend', (req) => {
    const e = stores.webhookEvents.get(req.params.webhookEventId ?? '');
    if (!e || e.webhookId !== req.params.webhookId) return notFound();
    e.resent = formatTimestamp(ctx.clock.now());
    e.status = 'SENT';
    return json(200, e);
  });

  // Onboarding (partner network only).
  const onboarding = { licenses: ['REST API Onboarding' as const] };
  serve(
    router,
    'onboarding.accounts',
    () => json(200, [{ id: 'demo-account', name: 'Packbench Demo Lager AB', country: 'SE' }]),
    onboarding,
  );
  serve(
    router,
    'onboarding.language',
    () =>
      json(200, [
        { code: 'sv', name: 'Svenska' },
        { code: 'en', name: 'English' },
      ]),
    onboarding,
  );
  registerCrud(router, ctx, {
    ops: { create: 'onboarding.createApplication' },
    store: stores.onboardingApplications,
    counter: 'application',
    licenses: onboarding.licenses,
  });
  serve(
    router,
    'onboarding.applicationLanguage',
    (req) =>
      stores.onboardingApplications.has(req.params.applicationId ?? '')
        ? json(200, { language: 'sv' })
        : notFound(),
    onboarding,
  );
}
