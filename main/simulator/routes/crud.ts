/** CRUD over a record store for the resources that only need to remember what they were given. */
import type { SimContext } from '../context';
import { formatTimestamp } from '../format';
import { apiError, json, noContent, notFound, paginate, type RequestCtx, type Router } from '../http';
import type { License } from '../licenses';
import type { RecordStore } from '../state';
import { nextId } from '../state';

export interface CrudOptions {
  path: string;
  store: RecordStore;
  counter: string;
  licenses?: License[];
  /** Per-method licences (e.g. only receiver fetch needs "REST API AddressBook"). */
  readLicenses?: License[];
  methods?: Array<'list' | 'get' | 'create' | 'put' | 'patch' | 'delete'>;
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
}

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

export function registerCrud(router: Router, ctx: SimContext, o: CrudOptions): void {
  const methods = new Set(o.methods ?? ['list', 'get', 'create', 'put', 'patch', 'delete']);
  const write = { licenses: o.licenses ?? [] };
  const read = { licenses: o.readLicenses ?? o.licenses ?? [] };
  const id = (raw: number) => (o.numericIds ? raw : String(raw));
  if (methods.has('list'))
    router.add(
      'GET',
      o.path,
      (req) => {
        let items = [...o.store.values()];
        if (o.filter) items = o.filter(items, req.query);
        return json(200, o.paginated === false ? items : paginate(items, req.query));
      },
      read,
    );
  if (methods.has('get'))
    router.add(
      'GET',
      `${o.path}/:id`,
      (req) => {
        const r = o.store.get(req.params.id ?? '');
        return r ? json(200, r) : notFound();
      },
      read,
    );
  if (methods.has('create'))
    router.add(
      'POST',
      o.path,
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
    method: 'PUT' | 'PATCH',
    merge: (existing: Record<string, unknown>, body: Record<string, unknown>) => Record<string, unknown>,
  ) =>
    router.add(
      method,
      `${o.path}/:id`,
      (req) => {
        const existing = o.store.get(req.params.id ?? '');
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
  if (methods.has('put'))
    update('PUT', (existing, body) => ({ ...body, id: existing.id, created: existing.created }));
  if (methods.has('patch')) update('PATCH', (existing, body) => ({ ...existing, ...body, id: existing.id }));
  if (methods.has('delete'))
    router.add(
      'DELETE',
      `${o.path}/:id`,
      (req) => (o.store.delete(req.params.id ?? '') ? noContent() : notFound()),
      write,
    );
}
