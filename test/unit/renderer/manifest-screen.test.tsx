// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Failure, ShipmentSummary, StationMethodName } from '../../../preload/api';
import { FakeStation, makeJob, refusedCall } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

function shipment(n: number, orderNo: string): ShipmentSummary {
  return {
    shipmentId: `s-${n}`,
    shipmentNo: `0037000${n}`,
    orderNo,
    status: 'PRINTED',
    parcelNos: [`P-${n}`],
    receiverName: `Receiver ${n}`,
    serviceId: 'P19',
    handedOver: false,
  };
}

describe('Manifest screen: what a manifest holds, and what none holds', () => {
  it("warns about today's shipments booked after the manifest, listing them", async () => {
    const fake = new FakeStation();
    fake.manifests = [
      { manifestType: 'DHL', manifestId: 'M-1', created: '2026-11-21T15:00:00Z', shipmentCount: 2 },
    ];
    fake.unmanifested = [shipment(3, 'ORD-LATE')];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    const panel = await screen.findByTestId('unmanifested');
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(
        '1 shipment was booked after today’s manifest and is in none: create the manifest again before the carrier comes, or it stays behind. The new manifest holds only this one; the earlier manifest stays as it is.',
      ),
    );
    const table = within(panel).getByRole('table', { name: 'Today’s shipments in no manifest' });
    expect(within(table).getByText('ORD-LATE')).toBeTruthy();
  });

  it('says so when every shipment of the day is in a manifest', async () => {
    const fake = new FakeStation();
    fake.manifests = [
      { manifestType: 'DHL', manifestId: 'M-1', created: '2026-11-21T15:00:00Z', shipmentCount: 2 },
    ];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    const panel = await screen.findByTestId('unmanifested');
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(
        'Every shipment booked today is in a manifest.',
      ),
    );
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it("opens a manifest's shipments and filters them by parcel number", async () => {
    const fake = new FakeStation();
    fake.manifests = [
      { manifestType: 'DHL', manifestId: 'M-1', created: '2026-11-21T15:00:00Z', shipmentCount: 2 },
    ];
    fake.manifestShipments = { 'DHL/M-1': [shipment(1, 'ORD-1'), shipment(2, 'ORD-2')] };
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    const list = await screen.findByRole('table', { name: 'Manifests' });
    const open = within(list).getByRole('button', { name: 'Shipments' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByTestId('manifest-shipments');
    const table = await within(panel).findByRole('table', { name: 'Shipments in manifest DHL M-1' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    fireEvent.change(within(panel).getByLabelText('Search by'), { target: { value: 'parcelNo' } });
    fireEvent.change(within(panel).getByLabelText('Number (or part of it)'), { target: { value: 'P-2' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(2));
    expect(within(panel).getByText('ORD-2')).toBeTruthy();
    expect(fake.callsOf('listManifestShipments').at(-1)).toEqual({
      manifestType: 'DHL',
      manifestId: 'M-1',
      searchField: 'parcelNo',
      searchValue: 'P-2',
    });
  });

  it('with every shipment of the day in a manifest, the button says there is nothing new and makes nothing', async () => {
    const fake = new FakeStation();
    fake.manifests = [
      { manifestType: 'DHL', manifestId: 'M-1', created: '2026-11-21T15:00:00Z', shipmentCount: 2 },
    ];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    const create = await screen.findByRole('button', { name: /^Create manifest: DHL/ });
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBe('true'));
    expect(create.textContent).toBe('Create manifest: DHL · nothing new');
    expect(screen.getByTestId('manifest-nothing-new').textContent).toContain(
      'a new manifest would be empty: there is nothing to create',
    );
    fireEvent.click(create);
    expect(fake.callsOf('createManifest')).toEqual([]);
  });

  it('says the manifest is being created in nShift while it is, never "Looking up"', async () => {
    const fake = new FakeStation();
    fake.unmanifested = [shipment(1, 'ORD-1')];
    fake.on('createManifest', () => {
      setTimeout(
        () => fake.emitJob(makeJob({ id: 'm-job', kind: 'manifest', scan: 'DHL', state: 'resolving' })),
        0,
      );
      return { jobId: 'm-job' };
    });
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    const create = await screen.findByRole('button', { name: 'Create manifest: DHL' });
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(create);
    const outcome = await screen.findByTestId('job-outcome');
    await waitFor(() => expect(outcome.textContent).toBe('Manifest DHL: Creating in nShift…'));
    expect(outcome.textContent).not.toContain('Looking up');
  });

  it('takes the keyboard on arrival at its heading, so no stray Enter makes a manifest', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('nav-manifest'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'End of day', level: 1 })),
    );
  });
});

describe('the lists of nShift without an API key', () => {
  const missingKey: Failure = {
    reason: 'auth',
    code: 'auth_missing_key',
    message: 'No nShift API key is set up on this station.',
  };
  const refuse = (fake: FakeStation, ...methods: StationMethodName[]) => {
    for (const method of methods)
      fake.on(method, () => {
        throw refusedCall({ error: 'failed', message: missingKey.message, failure: missingKey });
      });
  };

  it.each([
    ['nav-manifest', ['listManifests', 'listUnmanifested'] as StationMethodName[]],
    ['nav-stored', ['listStored', 'listConsolidated'] as StationMethodName[]],
  ])('%s says what is missing and what to do, and no list goes on "Loading…"', async (nav, methods) => {
    const fake = new FakeStation();
    refuse(fake, ...methods);
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId(nav));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No nShift API key is set up on this station.');
    expect(alert.textContent).toContain('enter the API key in Settings');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.body.textContent).not.toContain('Loading…');
  });
});
