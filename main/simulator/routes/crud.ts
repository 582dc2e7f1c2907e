/** CRUD over a record store for the resources that only need to remember what they were given. */
import type { OperationName } from '../../nshift/delivery';
import type { SimContext } from '../context';
import { formatTimestamp } from '../format';
import {
  apiError,
  json,
  noContent,
  notFound,
  paginate,
  type Handler,
  type RequestCtx,
  type Router,
} from '../http';
import type { License } from '../licenses';
import type { RecordStore } from '../state';
import { nextId } from '../state';
import { serve } from '../operations';

type CrudMethod = 'list' | 'get' | 'create' | 'put' | 'patch' | 'delete';

/**
 * Where the methods are served: Delivery names the route-table operation of each (its method and path come from
 * there; absent ones are not served); the Checkout service, whose client has its own table, gives a path.
 */
export type CrudRoutes =
  { ops: Partial<Record<CrudMethod, OperationName>> } | { path: string; methods?: CrudMethod[] };

const HTTP_METHOD: Record<CrudMethod, string> = {
  list: 'GET',
  get: 'GET',
  create: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

export type CrudOptions = CrudRoutes & {
  store: RecordStore;
  counter: string;
  licenses?: License[];
  /** Per-method licences (e.g. only receiver fetch needs "REST API AddressBook"). */
  readLicenses?: License[];
  paginated?: boolean;
  /** Fields that must be present on create. */
  required?: string[];
  filter?: (items: Array<Record<string, unknown>>, query: URLSearchParams) => Array<Record<string, unknown>>;
  /** What POST answers; default the whole record. */
  createReply?: (record: Record<string, unknown>) => unknown;
  numericIds?: boolean;
  /** Makes a new record's id (default: the counter, as a string or number). */
  newId?: () => string;
  /** Fields a new record gets unless the body sets them. */
  defaults?: Record<string, unknown>;
  /** Called after a create or update with the stored record (e.g. to keep versions). */
  onWrite?: (record: Record<string, unknown>) => void;
};

export function readJsonObject(req: RequestCtx): Record<string, unknown> | undefined {
  try {
    const value: unknown = req.rawBody.length === 0 ? {} : JSON.parse(req.rawBody.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The record id of a single-record route: its one path parameter, whatever the route table names it. */
function recordId(req: RequestCtx): string {
  return Object.values(req.params)[0] ?? '';
}

/** Adds one CRUD method's handler where `routes` says it is served; a method it does not serve is skipped. */
function crudRoute(router: Router, routes: CrudRoutes) {
  return (method: CrudMethod, handler: Handler, options: { licenses: License[] }): void => {
    if ('ops' in routes) {
      const operation = routes.ops[method];
      if (operation) serve(router, operation, handler, options);
      return;
    }
    if (routes.methods && !routes.methods.includes(method)) return;
    const single = method !== 'list' && method !== 'create';
    router.add(HTTP_METHOD[method], single ? `${routes.path}/:id` : routes.path, handler, options);
  };
}

export function registerCrud(router: Router, ctx: SimContext, o: CrudOptions): void {
  const on = crudRoute(router, o);
  const write = { licenses: o.licenses ?? [] };
  const read = { licenses: o.readLicenses ?? o.licenses ?? [] };
  const id = (raw: number) => (o.numericIds ? raw : String(raw));
  on(
    'list',
    (req) => {
      let items = [...o.store.values()];
      if (o.filter) items = o.filter(items, req.query);
      return json(200, o.paginated === false ? items : paginate(items, req.query));
    },
    read,
  );
  on(
    'get',
    (req) => {
      const r = o.store.get(recordId(req));
      return r ? json(200, r) : notFound();
    },
    read,
  );
  on(
    'create',
    (req) => {
      const body = readJsonObject(req);
      if (!body) return apiError(400, 'ILLEGAL', 'Body must be a JSON object');
      const missing = (o.required ?? []).filter(
        (f) => body[f] === undefined || body[f] === null || body[f] === '',
      );
      if (missing.length > 0) return apiError(400, 'MISSING', `Missing ${missing.join(', ')}`);
      const record = {
        ...o.defaults,
        ...body,
        id: o.newId ? o.newId() : id(nextId(ctx.state, o.counter)),
        created: formatTimestamp(ctx.clock.now()),
      };
      o.store.set(String(record.id), record);
      o.onWrite?.(record);
      return json(201, o.createReply ? o.createReply(record) : record);
    },
    write,
  );
  // PUT replaces the record and PATCH merges into it; both keep its id (and PUT its creation time).
  const update = (
    method: 'put' | 'patch',
    merge: (existing: Record<string, unknown>, body: Record<string, unknown>) => Record<string, unknown>,
  ) =>
    on(
      method,
      (req) => {
        const existing = o.store.get(recordId(req));
        if (!existing) return notFound();
        const body = readJsonObject(req);
        if (!body) return apiError(400, 'ILLEGAL', 'Body must be a JSON object');
        const record = merge(existing, body);
        o.store.set(String(existing.id), record);
        o.onWrite?.(record);
        return json(200, record);
      },
      write,
    );
  update('put', (existing, body) => ({ ...body, id: existing.id, created: existing.created }));
  update('patch', (existing, body) => ({ ...existing, ...body, id: existing.id }));
  on('delete', (req) => (o.store.delete(recordId(req)) ? noContent() : notFound()), write);
}
