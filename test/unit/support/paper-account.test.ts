import { describe, expect, it } from 'vitest';
import { accountForPaper, type ToldEvent } from '../../support/paper-account';

/** The disk-full runs' checker holds the station to docs/headless.md: one outcome per document, not per line. */
describe('the paper account of a disk-full run', () => {
  const job = { scan: 'FULL-13', jobId: 'scan-1', shipmentId: '5666313' };
  const account = (told: ToldEvent[]) =>
    accountForPaper({ codes: [], records: [], told, labels: [], pdfs: [] }).problems;

  it('takes a label printed and the customs document held beside it, then failed label_held, as documented', () => {
    expect(
      account([
        { event: 'printed', ...job, documents: [{ kind: 'label' }] },
        { event: 'held', ...job, documents: [{ kind: 'customs' }] },
        { event: 'failed', ...job, code: 'label_held' },
      ]),
    ).toEqual([]);
  });

  it('calls a document said printed and then held a second outcome', () => {
    expect(
      account([
        { event: 'printed', ...job, documents: [{ kind: 'label' }, { kind: 'customs' }] },
        { event: 'held', ...job, documents: [{ kind: 'customs' }] },
      ]),
    ).toEqual(['FULL-13: shipment 5666313 reported printed, then held (customs)']);
  });

  it('calls any other failure after printed a second outcome', () => {
    expect(
      account([
        { event: 'printed', ...job, documents: [{ kind: 'label' }] },
        { event: 'failed', ...job, code: 'cannot_save' },
      ]),
    ).toEqual(['FULL-13: shipment 5666313 reported printed, then failed (cannot_save)']);
    expect(
      account([
        { event: 'printed', ...job, documents: [{ kind: 'label' }] },
        { event: 'failed', ...job, code: 'label_held' },
      ]),
    ).toEqual(['FULL-13: shipment 5666313 reported printed, then failed (label_held)']);
  });
});
