/**
 * The station's domain, each shape once as a schema: what a failure is (and the catalogue of its codes and
 * details), the kinds and states of a job, what a document is. The main process parses with these (the journal,
 * the spool, the label cache); the contract (preload/api.ts) re-exports their types, so the UI and the station
 * speak one model. Only zod (through main/zod.ts) below this: every layer of main may import it, and the renderer
 * reaches it only as the contract's types.
 */
export * from './document';
export * from './failure';
export * from './job';
export * from './job-view';
export * from './shipment';
export * from './startup-warning';
