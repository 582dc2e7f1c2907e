import { failureOf } from '../failures';
import { StationError } from '../station-error';
import type { Methods, StationParts } from './types';

/** A label or document shown before (or instead of) printing it: its bytes as the label cache keeps them. */
export function documentMethods({ ctx }: StationParts): Methods<'getDocumentPreview'> {
  const { labelCache } = ctx;
  return {
    async getDocumentPreview({ documentId }) {
      const cached = await labelCache.get(documentId);
      if (!cached) {
        const message = 'This document is no longer in the label cache.';
        throw StationError.notFound(message, failureOf('not_in_cache', message, {}));
      }
      const d = cached.document;
      return {
        documentId,
        format: d.format,
        base64: d.bytes.toString('base64'),
        ...(d.charset ? { charset: d.charset } : {}),
        ...(d.description ? { description: d.description } : {}),
      };
    },
  };
}
