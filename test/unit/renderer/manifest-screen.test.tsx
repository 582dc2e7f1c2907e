// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShipmentSummary } from '../../../preload/api';
import { FakeStation } from './fake-api';
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
});
