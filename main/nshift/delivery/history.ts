/** The shipment history (`/shipments-history`, docs/nshift-api.md 1.9): 50 a page, newest first. */
import { ok } from '../../result';
import { MAX_PAGES, PAGE_SIZE, type DeliveryCaller, type R } from './caller';
import type { HistoryPage, ShipmentSummary } from './schemas';
import type { HistoryFilter } from './types';

export interface History {
  /** 50 a page, newest first, at most six months back. */
  search(filter?: HistoryFilter): R<ShipmentSummary[]>;
  /** Every page of a search (e.g. a whole day), until a short page. */
  searchAll(filter?: Omit<HistoryFilter, 'page'>): R<ShipmentSummary[]>;
}

/** One page of the history as nShift answers it: `{page, totalPages, shipments}`. */
export const historyPage = (call: DeliveryCaller, filter: HistoryFilter): R<HistoryPage> =>
  call.json({ operation: 'history.search', query: { ...filter } }, (s) => s.historyPageSchema);

export function historyOf(call: DeliveryCaller): History {
  return {
    search: async (filter = {}) => {
      const page = await historyPage(call, filter);
      return page.ok ? ok(page.value.shipments) : page;
    },
    searchAll: async (filter = {}) => {
      const all: ShipmentSummary[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const got = await historyPage(call, { ...filter, page });
        if (!got.ok) return got;
        all.push(...got.value.shipments);
        // The last page is the one `totalPages` names; an answer without it ends on a short page.
        const { totalPages } = got.value;
        if (totalPages !== undefined ? page + 1 >= totalPages : got.value.shipments.length < PAGE_SIZE) break;
      }
      return ok(all);
    },
  };
}
