/**
 * The address book (`/addresses/…`, docs/nshift-api.md 1.9): senders and receivers. Lists come 50 a page from
 * page 0; without `page`, every page.
 */
import { err, ok } from '../../result';
import { pages, type DeliveryCaller, type R } from './caller';
import type { Created, DeliveryRecord } from './schemas';
import type { JsonObject, ReceiverFetch, SenderFilter } from './types';

export interface AddressBook {
  senders: {
    create(sender: JsonObject): R<Created>;
    list(filter?: SenderFilter): R<DeliveryRecord[]>;
    /** One sender, through the list's `senderId` filter (nShift documents no fetch by id): `not_found` if none. */
    get(senderId: string): R<DeliveryRecord>;
    update(senderId: string, patch: JsonObject): R<DeliveryRecord>;
    replace(senderId: string, sender: JsonObject): R<DeliveryRecord>;
    delete(senderId: string): R<void>;
  };

  receivers: {
    create(receiver: JsonObject): R<Created>;
    /** One page (`page` 0 unless given): by `receiverId`, `quickId`, or changed `since`. */
    fetch(query: ReceiverFetch): R<DeliveryRecord[]>;
    replace(receiverId: string, receiver: JsonObject): R<DeliveryRecord>;
    update(receiverId: string, patch: JsonObject): R<DeliveryRecord>;
    delete(receiverId: string): R<void>;
  };
}

export function addressBookOf(call: DeliveryCaller): AddressBook {
  /** Senders, one page or every page; the address book takes `page` only (50 a page), no `size`. */
  const senderList = ({ page, ...filter }: SenderFilter = {}): R<DeliveryRecord[]> =>
    pages(page === undefined ? undefined : { page }, (query) =>
      call.json(
        { operation: 'senders.list', query: { ...filter, page: query.page } },
        (s) => s.recordListSchema,
      ),
    );

  return {
    senders: {
      create: (sender) => call.json({ operation: 'senders.create', body: sender }, (s) => s.createdSchema),
      list: senderList,
      get: async (senderId) => {
        const found = await senderList({ page: 0, senderId });
        if (!found.ok) return found;
        const sender = found.value.find((one) => one.id === senderId);
        return sender
          ? ok(sender)
          : err({
              kind: 'not_found',
              status: 404,
              operation: 'senders.list',
              message: `no sender ${senderId} in the address book`,
            });
      },
      update: (senderId, patch) =>
        call.json({ operation: 'senders.update', params: { senderId }, body: patch }, (s) => s.recordSchema),
      replace: (senderId, sender) =>
        call.json(
          { operation: 'senders.replace', params: { senderId }, body: sender },
          (s) => s.recordSchema,
        ),
      delete: (senderId) => call.empty({ operation: 'senders.delete', params: { senderId } }),
    },

    receivers: {
      create: (receiver) =>
        call.json({ operation: 'receivers.create', body: receiver }, (s) => s.createdSchema),
      fetch: (query) =>
        call.json(
          { operation: 'receivers.fetch', query: { ...query, page: query.page ?? 0 } },
          (s) => s.recordOrRecordsSchema,
        ),
      replace: (receiverId, receiver) =>
        call.json(
          { operation: 'receivers.replace', params: { receiverId }, body: receiver },
          (s) => s.recordSchema,
        ),
      update: (receiverId, patch) =>
        call.json(
          { operation: 'receivers.update', params: { receiverId }, body: patch },
          (s) => s.recordSchema,
        ),
      delete: (receiverId) => call.empty({ operation: 'receivers.delete', params: { receiverId } }),
    },
  };
}
