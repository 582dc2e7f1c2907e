/**
 * A printer behind nShift's Print Client: we do not send bytes, we ask nShift to send its own copy of the
 * document (print id) to the Print Client printer. "Accepted" = nShift created the print job.
 */
import type { PrintClientPrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import { err, ok } from '../../result';
import type { SpoolAwareDriver } from '../driver';
import { mayHavePrintedError, printerError } from '../driver';
import type { PrintJobApi, PrintJobContentType, PrintJobTarget } from '../print-job-api';
import type { PrinterStatus } from '../types';

export interface PrintClientOptions {
  api?: PrintJobApi;
  /**
   * Which nShift object owns a document. Default: a document that names its manifest → `manifest`, owner id
   * `type/id`; otherwise the document's `shipmentId` owns it: as a `manifest` for a manifest document, as
   * `consolidated` for ids starting `consolidated-`, else as a `shipment`.
   */
  resolveOwner?: (document: PrintableDocument) => { target: PrintJobTarget; ownerId: string } | undefined;
}

export function defaultOwner(
  document: PrintableDocument,
): { target: PrintJobTarget; ownerId: string } | undefined {
  // A manifest's documents have no shipment: nShift keeps them under the manifest's type and id.
  if (document.manifest)
    return {
      target: 'manifest',
      ownerId: `${document.manifest.manifestType}/${document.manifest.manifestId}`,
    };
  if (!document.shipmentId) return undefined;
  const target: PrintJobTarget =
    document.kind === 'manifest'
      ? 'manifest'
      : document.id.startsWith('consolidated-')
        ? 'consolidated'
        : 'shipment';
  return { target, ownerId: document.shipmentId };
}

/** The default (docs/nshift-api.md 1.7): the `*_uri` variant that fits the document's format. */
export function contentTypeFor(document: PrintableDocument): PrintJobContentType {
  return document.format === 'pdf' ? 'pdf_uri' : 'raw_uri';
}

export function createPrintClientDriver(
  config: PrintClientPrinterConfig,
  options: PrintClientOptions = {},
): SpoolAwareDriver {
  const target = `${config.name} (Print Client printer ${config.printerId})`;
  return {
    config,
    announcesFirstByte: true,
    async send(document, hooks = {}) {
      const api = options.api;
      if (!api)
        return err(printerError('unreachable', `${target}: the nShift connection is not set up`, false));
      const owner = (options.resolveOwner ?? defaultOwner)(document);
      if (!owner || !document.printId) {
        return err(
          printerError(
            'unsupported_format',
            `${target}: Print Client printers print nShift documents only; ${document.id} has no shipment and print id (test labels go to a local printer)`,
            false,
          ),
        );
      }
      await hooks.beforeFirstByte?.();
      const created = await api.createPrintJob({
        ...owner,
        printId: document.printId,
        printerId: config.printerId,
        contentType: contentTypeFor(document),
      });
      if (!created.ok) {
        // nShift may have made the print job though its answer was lost: the spool holds it (unconfirmed).
        if (created.error.mayExist)
          return err(
            mayHavePrintedError('io', `${target}: ${created.error.message}: the print job may exist`),
          );
        // A 404: nShift no longer has the document (it keeps them an hour): a reprint makes a new copy.
        const code =
          created.error.code === 'not_found'
            ? 'document_gone'
            : created.error.retryable
              ? 'unreachable'
              : 'rejected';
        return err(printerError(code, `${target}: ${created.error.message}`, created.error.retryable));
      }
      return ok({ bytes: document.bytes.length });
    },
    async status(): Promise<PrinterStatus> {
      if (!options.api?.getPrinterState) return { state: 'unknown', problems: [] };
      const state = await options.api.getPrinterState(config.printerId);
      if (!state.ok) return { state: 'unknown', problems: ['unknown_status'], detail: state.error.message };
      const s = state.value.state.toLowerCase();
      if (s === 'connected' || s === 'ready' || s === 'online')
        return { state: 'ready', problems: [], detail: state.value.state };
      if (s === 'disconnected' || s === 'offline')
        return { state: 'offline', problems: ['unreachable'], detail: state.value.state };
      return { state: 'unknown', problems: [], detail: state.value.state };
    },
  };
}
