// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryShipment } from '../../../preload/api';
import { FakeStation } from './fake-api';
import { renderApp } from './render-app';

afterEach(() => cleanup());

function burst(target: Element, code: string): void {
  act(() => {
    for (const key of code) fireEvent.keyDown(target, { key });
    fireEvent.keyDown(target, { key: 'Enter' });
  });
}

function shipment(partial: Partial<HistoryShipment> & { shipmentId: string }): HistoryShipment {
  return {
    status: 'PRINTED',
    parcelNos: [],
    handedOver: false,
    source: 'nshift',
    documents: [],
    timeline: [],
    ...partial,
  };
}

const BOOKED = shipment({
  shipmentId: 's-1',
  shipmentNo: 'SHP-1',
  orderNo: 'O-1',
  parcelNos: ['P-1', 'P-2'],
  receiverName: 'Åsa Öberg',
  receiverCity: 'STOCKHOLM',
  serviceId: 'P19',
  documents: [
    {
      documentId: 'd-1',
      kind: 'label',
      format: 'zpl',
      state: 'printed',
      printerName: 'Zebra 1',
      at: '2026-11-21T09:01:02.000Z',
      jobId: 'job-1',
      jobKind: 'scan',
    },
  ],
});
const IN_TRANSIT = shipment({
  shipmentId: 's-2',
  shipmentNo: 'SHP-2',
  status: 'IN_TRANSIT',
  handedOver: true,
  timeline: [
    { code: 'STATUS_HANDED_OVER', step: 'handed_over', at: '2026-11-21T11:00:00.000Z' },
    { code: 'STATUS_IN_TRANSIT', step: 'in_transit', at: '2026-11-21T15:00:00.000Z' },
  ],
});

function stationWith(results: HistoryShipment[]): FakeStation {
  const fake = new FakeStation();
  fake.on('searchHistory', () => results);
  return fake;
}

async function openHistory(fake: FakeStation): Promise<void> {
  await renderApp({ fake });
  fireEvent.keyDown(window, { key: 'F7' });
  await screen.findByTestId('history-value');
}

describe('History screen', () => {
  it('is F7 and Alt+7, and a scan anywhere on it searches by that number', async () => {
    const fake = stationWith([BOOKED]);
    await renderApp({ fake });
    fireEvent.keyDown(window, { key: '7', altKey: true });
    expect(screen.getByTestId('nav-history').getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(window, { key: 'F1' });
    fireEvent.keyDown(window, { key: 'F7' });
    burst(document.body, 'P-2');
    await screen.findByTestId('history-results');
    expect(fake.callsOf('searchHistory')).toEqual([{ searchValue: 'P-2' }]);
    expect((screen.getByTestId('history-value') as HTMLInputElement).value).toBe('P-2');
    const row = screen.getByTestId('history-row');
    expect(row.textContent).toContain('Åsa Öberg');
    expect(row.textContent).toContain('P19');
    const details = screen.getByTestId('history-details');
    expect(within(details).getByTestId('history-prints').textContent).toContain('Label on Zebra 1');
  });

  it('searches by the chosen field, or today when nothing is given', async () => {
    const fake = stationWith([BOOKED]);
    await openHistory(fake);
    fireEvent.change(screen.getByTestId('history-field'), { target: { value: 'orderNo' } });
    fireEvent.change(screen.getByTestId('history-value'), { target: { value: 'O-1' } });
    fireEvent.click(screen.getByTestId('history-search'));
    await screen.findByTestId('history-results');
    fireEvent.change(screen.getByTestId('history-value'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('history-search'));
    await waitFor(() => expect(fake.callsOf('searchHistory')).toHaveLength(2));
    const [byOrder, byDay] = fake.callsOf('searchHistory') as Array<Record<string, string>>;
    expect(byOrder).toEqual({ searchField: 'orderNo', searchValue: 'O-1' });
    expect(byDay!.dateFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byDay!.dateTo).toBe(byDay!.dateFrom);
  });

  it('says a reversed date range holds no day, in the packer’s language and date format, and searches nothing', async () => {
    const fake = stationWith([BOOKED]);
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    fireEvent.keyDown(window, { key: 'F7' });
    const from = await screen.findByTestId('history-from');
    const to = screen.getByTestId('history-to');
    expect(from.getAttribute('placeholder')).toBe('åååå-mm-dd');
    fireEvent.change(from, { target: { value: '2026-11-28' } });
    fireEvent.change(to, { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByTestId('history-search'));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        '2026-11-28 är efter 2026-11-02: det finns ingen dag mellan dem. Sätt det tidigare datumet först.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Ingen sändning matchar.')).toBeNull();
    expect(fake.callsOf('searchHistory')).toEqual([]);

    fireEvent.change(to, { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByTestId('history-search'));
    await waitFor(() =>
      expect(fake.callsOf('searchHistory')).toEqual([{ dateFrom: '2026-11-28', dateTo: '2026-11-30' }]),
    );
    expect(to.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows today in the search fields the language’s way when nothing was given (Finnish: day first)', async () => {
    const fake = stationWith([BOOKED]);
    fake.settings = { ...fake.settings, language: 'fi' };
    await renderApp({ fake, language: 'fi' });
    fireEvent.keyDown(window, { key: 'F7' });
    await screen.findByTestId('history-value');
    fireEvent.click(screen.getByTestId('history-search'));
    await waitFor(() => expect(fake.callsOf('searchHistory')).toHaveLength(1));
    const [asked] = fake.callsOf('searchHistory') as Array<Record<string, string>>;
    const [year, month, day] = asked!.dateFrom!.split('-');
    expect((screen.getByTestId('history-from') as HTMLInputElement).value).toBe(`${day}.${month}.${year}`);
  });

  it('R reprints and C cancels the selected result, through the same confirmation as the Cancel screen', async () => {
    const fake = stationWith([BOOKED, IN_TRANSIT]);
    await openHistory(fake);
    fireEvent.click(screen.getByTestId('history-search'));
    await screen.findByTestId('history-results');
    // Role queries are slow in jsdom: the rows are found by test id, the dialog by its text.
    const rowButton = (index: number) =>
      screen.getAllByTestId('history-row')[index]!.querySelector('button') as HTMLButtonElement;
    await waitFor(() => expect(document.activeElement).toBe(rowButton(0)));
    fireEvent.keyDown(rowButton(0), { key: 'r' });
    await waitFor(() => expect(fake.callsOf('reprint')).toEqual([{ code: 'SHP-1' }]));

    fireEvent.keyDown(rowButton(0), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rowButton(1));
    expect(screen.getByTestId('history-timeline').querySelectorAll('li')).toHaveLength(2);
    fireEvent.keyDown(rowButton(1), { key: 'c' });
    const title = await screen.findByText('Cancel shipment SHP-2?');
    const dialog = title.closest('[role="alertdialog"]') as HTMLElement;
    expect(within(dialog).getByTestId('penalty-warning')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByText('No, keep it'), { key: 'Escape' });
    expect(screen.queryByText('Cancel shipment SHP-2?')).toBeNull();
    expect(fake.callsOf('cancelShipment')).toEqual([]);

    fireEvent.keyDown(rowButton(1), { key: 'c' });
    fireEvent.click(await screen.findByText('Yes, cancel the shipment'));
    await waitFor(() =>
      expect(fake.callsOf('cancelShipment')).toEqual([{ shipmentId: 's-2', confirm: true, code: 'SHP-2' }]),
    );
  });

  it('offers no reprint for a cancelled shipment, by button or R, and says its label is void', async () => {
    const fake = stationWith([shipment({ shipmentId: 's-3', shipmentNo: 'SHP-3', status: 'CANCELLED' })]);
    await openHistory(fake);
    fireEvent.click(screen.getByTestId('history-search'));
    await screen.findByTestId('history-results');
    const row = screen.getByTestId('history-row').querySelector('button') as HTMLButtonElement;
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(screen.queryByTestId('history-reprint')).toBeNull();
    expect(screen.getByTestId('history-no-reprint').textContent).toBe(
      'Cancelled: its label is void, so it is not reprinted.',
    );
    fireEvent.keyDown(row, { key: 'r' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toEqual([]);
  });

  it('a burst that starts with R on the list is a scan, not a reprint', async () => {
    const fake = stationWith([BOOKED]);
    await openHistory(fake);
    fireEvent.click(screen.getByTestId('history-search'));
    await screen.findByTestId('history-results');
    const row = screen.getByTestId('history-row').querySelector('button') as HTMLButtonElement;
    burst(row, 'R123');
    await waitFor(() => expect(fake.callsOf('searchHistory')).toHaveLength(2));
    expect(fake.callsOf('searchHistory')[1]).toEqual({ searchValue: 'R123' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toEqual([]);
  });

  it("says so when nShift cannot be reached and the results come from the station's journal", async () => {
    const offline = shipment({
      ...BOOKED,
      source: 'journal',
      offline: { reason: 'network', code: 'network_unreachable', message: 'refused' },
    });
    await openHistory(stationWith([offline]));
    fireEvent.click(screen.getByTestId('history-search'));
    const banner = await screen.findByTestId('history-offline');
    expect(banner.textContent).toContain('nShift cannot be reached');
    expect(screen.getByTestId('history-row').getAttribute('data-source')).toBe('journal');
    expect(screen.getByTestId('history-row').textContent).toContain('From the journal');
  });
});

describe('Settings: tracking', () => {
  it('saves whether the station follows the status events and how many stations share the account', async () => {
    const fake = new FakeStation();
    await renderApp({ fake });
    fireEvent.keyDown(window, { key: 'F6' });
    fireEvent.click(await screen.findByRole('button', { name: 'nShift' }));
    const stations = (await screen.findByLabelText(
      'Stations sharing this nShift account',
    )) as HTMLInputElement;
    expect(stations.value).toBe('1');
    fireEvent.change(stations, { target: { value: '3' } });
    expect(screen.getByText(/every 15 minutes/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('This station follows the status events'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([
        { statusEvents: { follow: false, stationsOnAccount: 3 } },
      ]),
    );
  });
});
