/**
 * The route table's "prices, status events, code lists" block (docs/nshift-api.md 1.9): price enquiries and the
 * price history feed, the alerts (status events) feed, and the partner code list.
 */
import { err, ok } from '../../result';
import type { DeliveryCaller, R } from './caller';
import type { Feed, FeedOptions, Feeds } from './feeds';
import type { Alert, FeedPage, Price, PriceHistoryItem } from './schemas';
import type { CodeListFilter, PriceRequest } from './types';

export interface PricesAndAlerts {
  prices: {
    fetch(request: PriceRequest): R<Price>;
    historyPage(fetchId: number): R<FeedPage<PriceHistoryItem>>;
    historyFeed(options?: FeedOptions): Feed<PriceHistoryItem>;
  };

  alerts: {
    page(fetchId: number): R<FeedPage<Alert>>;
    feed(options?: FeedOptions): Feed<Alert>;
  };

  codeLists: {
    partners(filter?: CodeListFilter): R<unknown>;
  };
}

export function pricesAndAlertsOf(call: DeliveryCaller, { feedPageCall, feed }: Feeds): PricesAndAlerts {
  const prices: PricesAndAlerts['prices'] = {
    /** The answer's `priceData`; an answer with no figures but an `errorList` is `validation` with its items. */
    fetch: async (request) => {
      const answer = await call.json(
        { operation: 'prices.fetch', body: request },
        (s) => s.priceAnswerSchema,
      );
      if (!answer.ok) return answer;
      const { priceData, errorList } = answer.value;
      if (priceData) return ok(priceData);
      return err({
        kind: 'validation',
        operation: 'prices.fetch',
        status: 200,
        errors: errorList,
        message: 'nShift gave no price for this shipment',
      });
    },
    historyPage: (fetchId) =>
      feedPageCall('priceHistory', 'prices.historyFeed', fetchId, (s) => s.priceHistoryFeedSchema),
    historyFeed: (o) => feed('priceHistory', prices.historyPage, o),
  };

  const alerts: PricesAndAlerts['alerts'] = {
    page: (fetchId) => feedPageCall('alerts', 'alerts.feed', fetchId, (s) => s.alertFeedSchema),
    feed: (o) => feed('alerts', alerts.page, o),
  };

  return {
    prices,
    alerts,
    codeLists: {
      partners: (filter = {}) =>
        call.json({ operation: 'codeLists.partners', query: { ...filter } }, (s) => s.anyJsonSchema),
    },
  };
}
