import type { MethodInput, MethodOutput } from '../../../preload/api';
import type { StationContext } from '../context';
import { lookupShipment, startCancel } from './cancel';
import {
  deleteConsolidated,
  deleteParcelGroup,
  listConsolidated,
  startCloseConsolidated,
} from './consolidated';
import { getShipmentTimeline, searchHistory } from './history';
import {
  anonymizePartialShipments,
  deletePartialShipment,
  exportCheckoutMetrics,
  listPartialShipments,
} from './checkout';
import {
  listManifests,
  listManifestShipments,
  listUnmanifested,
  startCreateManifest,
  startReprintManifest,
} from './manifest';
import { startReprint } from './reprint';
import { deleteStored, listStored, startBookStored } from './stored';
import type { StartJob } from './types';

type WorkflowMethods =
  | 'reprint'
  | 'lookupShipment'
  | 'cancelShipment'
  | 'listStored'
  | 'bookStored'
  | 'deleteStored'
  | 'listConsolidated'
  | 'closeConsolidated'
  | 'deleteConsolidated'
  | 'deleteParcelGroup'
  | 'createManifest'
  | 'listManifests'
  | 'reprintManifest'
  | 'listManifestShipments'
  | 'listUnmanifested'
  | 'searchHistory'
  | 'getShipmentTimeline'
  | 'listPartialShipments'
  | 'deletePartialShipment'
  | 'anonymizePartialShipments'
  | 'exportCheckoutMetrics';

/** The StationApi methods beyond the hot path, each a thin entry into its workflow. */
export function stationWorkflows(
  ctx: StationContext,
  startJob: StartJob,
): { [K in WorkflowMethods]: (input: MethodInput<K>) => Promise<MethodOutput<K>> } {
  return {
    reprint: (input) => startReprint(ctx, startJob, input),
    lookupShipment: ({ code }) => lookupShipment(ctx, code),
    cancelShipment: (input) => startCancel(ctx, startJob, input),
    listStored: (input) => listStored(ctx, input?.orderNo),
    bookStored: ({ storedId }) => startBookStored(ctx, startJob, storedId),
    deleteStored: ({ storedId }) => deleteStored(ctx, storedId),
    listConsolidated: () => listConsolidated(ctx),
    closeConsolidated: ({ consolidatedId }) => startCloseConsolidated(ctx, startJob, consolidatedId),
    deleteConsolidated: ({ consolidatedId }) => deleteConsolidated(ctx, consolidatedId),
    deleteParcelGroup: ({ consolidatedId, partOrderNo }) =>
      deleteParcelGroup(ctx, consolidatedId, partOrderNo),
    createManifest: (input) => startCreateManifest(ctx, startJob, input),
    listManifests: (input) => listManifests(ctx, input ?? undefined),
    reprintManifest: (input) => startReprintManifest(ctx, startJob, input),
    listManifestShipments: (input) => listManifestShipments(ctx, input),
    listUnmanifested: (input) => listUnmanifested(ctx, input ?? undefined),
    searchHistory: (input) => searchHistory(ctx, input),
    getShipmentTimeline: ({ code }) => getShipmentTimeline(ctx, code),
    listPartialShipments: (input) => listPartialShipments(ctx, input),
    deletePartialShipment: ({ id }) => deletePartialShipment(ctx, id),
    anonymizePartialShipments: (input) => anonymizePartialShipments(ctx, input),
    exportCheckoutMetrics: (input) => exportCheckoutMetrics(ctx, input),
  };
}
