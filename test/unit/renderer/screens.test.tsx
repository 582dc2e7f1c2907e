// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobDocument, JobView, PartialShipmentView, SpoolJobView } from '../../../preload/api';
import { BASE_TIME, FakeStation, makeJob, printedJob, refusedCall } from './fake-api';
import { renderApp } from './render-app';

afterEach(() => cleanup());

function burst(target: Element, code: string): void {
  act(() => {
    for (const key of code) fireEvent.keyDown(target, { key });
    fireEvent.keyDown(target, { key: 'Enter' });
  });
}

describe('Jobs screen', () => {
  function stationWithJobs(): FakeStation {
    const fake = new FakeStation();
    const held = makeJob({
      id: 'job-held',
      scan: 'ORDER-HELD',
      state: 'held',
      shipments: [
        {
          shipmentId: 'sh-h',
          shipmentNo: 'SHP-HELD',
          parcelNos: ['PCL-HELD-1'],
          state: 'held',
          documents: [
            {
              documentId: 'doc-h',
              kind: 'label',
              format: 'zpl',
              charset: 'cp850',
              bytes: 10,
              spoolJobId: 'sp-h',
              state: 'held',
            },
          ],
        },
      ],
    });
    const failed = makeJob({
      id: 'job-failed',
      scan: 'ORDER-FAIL',
      state: 'failed',
      shipments: [
        {
          shipmentId: 'sh-f',
          shipmentNo: 'SHP-FAIL',
          parcelNos: ['PCL-FAIL-1'],
          state: 'failed',
          documents: [
            {
              documentId: 'doc-f',
              kind: 'label',
              format: 'zpl',
              bytes: 10,
              spoolJobId: 'sp-f',
              state: 'failed',
            },
          ],
        },
      ],
      failure: {
        reason: 'printer',
        code: 'printer_error',
        message: 'paper',
        params: { problems: 'paper_out,head_open' },
      },
    });
    fake.jobs = [printedJob('job-ok', 'ORDER-OK'), held, failed];
    return fake;
  }

  it('lists today’s jobs with their state and releases a held label', async () => {
    const { fake } = await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    const list = screen.getByRole('table', { name: 'Jobs' });
    expect(within(list).getAllByRole('row')).toHaveLength(4);
    fireEvent.click(within(list).getByRole('button', { name: 'ORDER-HELD' }));
    const details = screen.getByTestId('job-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(fake.callsOf('releaseSpoolJob')).toEqual([{ spoolJobId: 'sp-h' }]));
    expect(await screen.findByText('Done: Release.')).toBeTruthy();
  });

  it('retries and cancels a failed print, and explains the printer problem in words', async () => {
    const { fake } = await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    fireEvent.click(screen.getByRole('button', { name: 'ORDER-FAIL' }));
    const details = screen.getByTestId('job-details');
    expect(
      within(details).getByText('The printer reports a problem: out of paper and print head open.'),
    ).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.callsOf('retrySpoolJob')).toEqual([{ spoolJobId: 'sp-f' }]));
    fireEvent.click(within(details).getByRole('button', { name: 'Cancel print' }));
    await waitFor(() => expect(fake.callsOf('cancelSpoolJob')).toEqual([{ spoolJobId: 'sp-f' }]));
  });

  it('says in the queue row what a retry did, queued again then failed again and why, and keeps the focus in the row', async () => {
    const fake = stationWithJobs();
    const spoolJob: SpoolJobView = {
      id: 'sp-f',
      printerId: 'zebra-1',
      documentId: 'doc-f',
      documentKind: 'label',
      format: 'zpl',
      bytes: 10,
      state: 'failed',
      attempts: 1,
      createdAt: BASE_TIME,
      updatedAt: BASE_TIME,
      lastError: 'paper out',
      stationJobId: 'job-failed',
    };
    fake.spool = [spoolJob];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    // The screen reloads the queue when it opens: let that answer land before the retry changes the queue.
    await waitFor(() => expect(fake.callsOf('listSpool')).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const queue = screen.getByRole('table', { name: 'Print queue' });
    const row = within(queue)
      .getByText(/Label · Zebra 1/)
      .closest('tr') as HTMLElement;
    const retry = within(row).getByRole('button', { name: 'Retry' });
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(fake.callsOf('retrySpoolJob')).toEqual([{ spoolJobId: 'sp-f' }]));
    await waitFor(() =>
      expect(within(row).getByRole('status').textContent).toContain(
        'Queued again: it goes to Zebra 1 as soon as the printer takes it.',
      ),
    );
    // Retry went away with the failed state: the focus is on the row's next button, not the page body.
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Cancel print' }));

    act(() =>
      fake.emit({
        type: 'spool',
        job: { ...spoolJob, attempts: 2, updatedAt: new Date(Date.parse(BASE_TIME) + 9e6).toISOString() },
      }),
    );
    const note = within(row).getByRole('status');
    expect(note.textContent).toContain('Failed again on Zebra 1.');
    expect(note.textContent).toContain('The printer reports a problem: out of paper and print head open.');
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Cancel print' }));
  });

  it('says why a print failed again in words from its error code, never the driver’s or the system’s text', async () => {
    const fake = new FakeStation();
    // Its job has no failure to explain it (a label released after its job ended, or a job from an older version).
    fake.jobs = [
      makeJob({
        id: 'job-released',
        scan: 'ORDER-REL',
        state: 'failed',
        shipments: [
          {
            shipmentId: 'sh-r',
            parcelNos: [],
            state: 'failed',
            documents: [
              {
                documentId: 'doc-r',
                kind: 'label',
                format: 'zpl',
                bytes: 10,
                spoolJobId: 'sp-r',
                printerId: 'zebra-1',
                printerName: 'Zebra 1',
                state: 'failed',
              },
            ],
          },
        ],
      }),
    ];
    const spoolJob: SpoolJobView = {
      id: 'sp-r',
      printerId: 'zebra-1',
      documentId: 'doc-r',
      documentKind: 'label',
      format: 'zpl',
      bytes: 10,
      state: 'failed',
      attempts: 1,
      createdAt: BASE_TIME,
      updatedAt: BASE_TIME,
      lastError: 'lp failed (1): lp: error - scheduler not responding',
      lastErrorCode: 'rejected',
      stationJobId: 'job-released',
    };
    fake.spool = [spoolJob];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    await waitFor(() => expect(fake.callsOf('listSpool')).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const row = within(screen.getByRole('table', { name: 'Print queue' }))
      .getByText(/Label · Zebra 1/)
      .closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.callsOf('retrySpoolJob')).toEqual([{ spoolJobId: 'sp-r' }]));
    await waitFor(() =>
      expect(within(row).getByRole('status').getAttribute('data-queue-note')).toBe('queued'),
    );

    // Later than the retry's own answer, which the fake stamps with its clock.
    const later = (ms: number) => new Date(Date.parse(BASE_TIME) + ms).toISOString();
    act(() => fake.emit({ type: 'spool', job: { ...spoolJob, attempts: 2, updatedAt: later(9e6) } }));
    let note = within(row).getByRole('status');
    expect(note.textContent).toContain('Failed again on Zebra 1.');
    expect(note.textContent).toContain('The printer refused the document.');
    expect(note.textContent).not.toContain('lp failed');
    expect(note.textContent).not.toContain('Details:');

    // Its printer removed in Settings since: the spool found no printer to send to, and the note says so.
    act(() =>
      fake.emit({
        type: 'status',
        status: { ...fake.status, printers: fake.status.printers.filter((p) => p.printerId !== 'zebra-1') },
      }),
    );
    act(() =>
      fake.emit({
        type: 'spool',
        job: {
          ...spoolJob,
          attempts: 2,
          updatedAt: later(9.1e6),
          lastError: 'Printer Zebra 1 is no longer set up',
        },
      }),
    );
    note = within(row).getByRole('status');
    expect(note.textContent).toContain('No printer is chosen for this document.');
    expect(note.textContent).not.toContain('no longer set up');
  });

  it('names a test print’s label as a test label and offers no reprint of a shipment it does not have', async () => {
    const fake = new FakeStation();
    fake.jobs = [
      makeJob({
        id: 'job-test',
        kind: 'test_print',
        scan: 'Zebra 1',
        state: 'failed',
        shipments: [
          {
            shipmentId: 'test-zebra-1',
            parcelNos: [],
            state: 'failed',
            documents: [
              {
                documentId: 'test-doc',
                kind: 'label',
                format: 'zpl',
                bytes: 10,
                printerId: 'zebra-1',
                printerName: 'Zebra 1',
                spoolJobId: 'sp-t',
                state: 'failed',
              },
            ],
          },
        ],
      }),
    ];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Jobs' })).getByRole('button', { name: 'Zebra 1' }),
    );
    const details = screen.getByTestId('job-details');
    expect(within(details).getByRole('heading', { level: 3 }).textContent).toBe('Test label · Failed');
    expect(details.textContent).not.toContain('Shipment');
    expect(within(details).queryByRole('button', { name: 'Reprint' })).toBeNull();
  });

  it('explains a refused print-queue action in words: the job changed meanwhile, and to what', async () => {
    const fake = stationWithJobs();
    fake.on('retrySpoolJob', () => {
      throw refusedCall({
        error: 'failed',
        message: 'Cannot retry a printed job',
        failure: {
          reason: 'printer',
          code: 'printer_error',
          message: 'Cannot retry a printed job',
          detail: 'spool_job_state',
          params: { state: 'printed' },
        },
      });
    });
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    fireEvent.click(screen.getByRole('button', { name: 'ORDER-FAIL' }));
    fireEvent.click(within(screen.getByTestId('job-details')).getByRole('button', { name: 'Retry' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This print job has changed meanwhile.');
    expect(alert.textContent).toContain('Details: It is now: Printed');
    expect(alert.textContent).not.toContain('Cannot retry');
  });

  it('reprints a job and previews its label as text when no renderer is available', async () => {
    const { fake } = await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    fireEvent.click(screen.getByRole('button', { name: 'ORDER-OK' }));
    const details = screen.getByTestId('job-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(fake.callsOf('reprint')).toEqual([{ jobId: 'job-ok' }]));
    fireEvent.click(within(details).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(fake.callsOf('getDocumentPreview')).toEqual([{ documentId: 'doc-job-ok' }]));
    expect((await screen.findByTestId('preview-text')).textContent).toContain('^FDLabel^FS');
  });

  it('shows a preview under the document line that asked for it, not below the whole details', async () => {
    await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    fireEvent.click(screen.getByRole('button', { name: 'ORDER-OK' }));
    const line = screen.getByTestId('job-details').querySelector('li[data-document-id="doc-job-ok"]')!;
    fireEvent.click(within(line as HTMLElement).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('document-preview');
    expect(line.contains(preview)).toBe(true);
  });

  it('names a test label’s job by its printer in the packer’s language, the demo’s printer names too', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    fake.jobs = [
      makeJob({
        id: 'job-test',
        kind: 'test_print',
        scan: 'Label printer (tcp://127.0.0.1:9101)',
        state: 'printed',
      }),
    ];
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    const list = await screen.findByRole('table', { name: 'Jobb' });
    expect(within(list).getByRole('button', { name: 'Etikettskrivare (tcp://127.0.0.1:9101)' })).toBeTruthy();
    expect(list.textContent).not.toContain('Label printer');
  });

  it('offers no reprint for a job whose shipment was cancelled since, and says why', async () => {
    const fake = new FakeStation();
    const cancel = makeJob({
      id: 'cancel-1',
      kind: 'cancel',
      scan: 'SHP-ORDER-GONE',
      state: 'done',
      shipments: [{ shipmentId: 'shp-job-gone', parcelNos: [], state: 'cancelled', documents: [] }],
    });
    fake.jobs = [cancel, printedJob('job-gone', 'ORDER-GONE')];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    fireEvent.click(screen.getByRole('button', { name: 'ORDER-GONE' }));
    const details = screen.getByTestId('job-details');
    expect(within(details).queryByRole('button', { name: 'Reprint' })).toBeNull();
    expect(within(details).getByTestId('job-no-reprint').textContent).toBe(
      'Cancelled: its label is void, so it is not reprinted.',
    );
    expect(within(details).getByRole('heading', { level: 3 }).textContent).toContain('Cancelled');
  });

  it('jumps to the job of a scanned parcel number', async () => {
    const { fake } = await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    burst(document.body, 'PCL-FAIL-1');
    expect(screen.getByRole('button', { name: 'ORDER-FAIL' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'ORDER-FAIL' }));
    expect(screen.getByText('Showing the job for PCL-FAIL-1.')).toBeTruthy();
    expect(fake.callsOf('scan')).toEqual([]);
    burst(document.body, 'NOPE-123');
    expect(screen.getByText('No job today matches NOPE-123.')).toBeTruthy();
  });

  it('walks the job list with the arrow keys', async () => {
    await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    const first = screen
      .getByRole('table', { name: 'Jobs' })
      .querySelectorAll('tbody button')[0] as HTMLButtonElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const second = screen
      .getByRole('table', { name: 'Jobs' })
      .querySelectorAll('tbody button')[1] as HTMLButtonElement;
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
  });

  it('names a consolidated close by the key the packer knows, with the consolidated shipment’s id beside it in the details', async () => {
    const fake = new FakeStation();
    const close = makeJob({
      id: 'close-1',
      kind: 'consolidated_close',
      scan: '9100001',
      consolidationKey: 'KONS-4001',
      state: 'printed',
      shipments: [
        {
          shipmentId: '5666302',
          shipmentNo: '00735000504895030063',
          parcelNos: [],
          state: 'printed',
          documents: [],
        },
      ],
    });
    const reprint = makeJob({
      id: 'reprint-1',
      kind: 'reprint',
      scan: '9100001',
      consolidationKey: 'KONS-4001',
      state: 'printed',
    });
    fake.jobs = [reprint, close];
    await renderApp({ fake });

    // The Scan screen's list of scans: the reprint of the close (its close is no scan row) reads by the key.
    const today = screen.getByRole('table');
    expect(within(today).getByText('KONS-4001')).toBeTruthy();
    expect(within(today).queryByText('9100001')).toBeNull();

    fireEvent.click(screen.getByTestId('nav-jobs'));
    const list = screen.getByRole('table', { name: 'Jobs' });
    expect(within(list).getAllByRole('button', { name: 'KONS-4001' })).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: '9100001' })).toBeNull();

    // A scan of the cage's key finds its close; the details keep the id as secondary information.
    burst(document.body, 'KONS-4001');
    expect(screen.getByText('Showing the job for KONS-4001.')).toBeTruthy();
    const details = screen.getByTestId('job-details');
    expect(within(details).getByRole('heading', { level: 2 }).textContent).toBe('KONS-4001');
    expect(within(details).getByTestId('job-consolidated-id').textContent).toBe(
      'Consolidated shipment id 9100001',
    );
  });

  it('shows a job that arrives by event while the screen is open', async () => {
    const { fake } = await renderApp({ fake: stationWithJobs() });
    fireEvent.click(screen.getByTestId('nav-jobs'));
    act(() => fake.emitJob(printedJob('job-new', 'ORDER-NEW')));
    expect(screen.getByRole('button', { name: 'ORDER-NEW' })).toBeTruthy();
  });
});

describe('Cancel screen', () => {
  function stationWithShipments(): FakeStation {
    const fake = new FakeStation();
    fake.shipments = [
      {
        shipmentId: 's-1',
        shipmentNo: 'SHP-1',
        orderNo: 'O-1',
        status: 'Booked',
        parcelNos: ['P-1'],
        receiverName: 'Bo',
        handedOver: false,
      },
      {
        shipmentId: 's-2',
        shipmentNo: 'SHP-2',
        orderNo: 'O-2',
        status: 'In transit',
        parcelNos: ['P-2'],
        handedOver: true,
      },
    ];
    return fake;
  }

  it('looks up a scanned shipment, asks for confirmation, then cancels it', async () => {
    const { fake } = await renderApp({ fake: stationWithShipments() });
    fireEvent.click(screen.getByTestId('nav-cancel'));
    burst(document.body, 'P-1');
    await waitFor(() => expect(screen.getByTestId('shipment-status').textContent).toBe('Booked'));
    expect((screen.getByLabelText('Shipment, parcel or order number') as HTMLInputElement).value).toBe('P-1');
    expect(screen.queryByTestId('penalty-warning')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this shipment' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel shipment SHP-1?' });
    // Declining changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(fake.callsOf('cancelShipment')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this shipment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the shipment' }));
    await waitFor(() =>
      expect(fake.callsOf('cancelShipment')).toEqual([{ shipmentId: 's-1', confirm: true, code: 'P-1' }]),
    );
    expect(await screen.findByText('Shipment SHP-1 is cancelled.')).toBeTruthy();
    // The summary is read again once the cancel is done: it no longer shows the old status.
    await waitFor(() => expect(screen.getByTestId('shipment-status').textContent).toBe('Cancelled'));
    expect(fake.callsOf('lookupShipment')).toEqual([{ code: 'P-1' }, { code: 'P-1' }]);
  });

  it('warns about a carrier penalty when the carrier already has the shipment', async () => {
    await renderApp({ fake: stationWithShipments() });
    fireEvent.click(screen.getByTestId('nav-cancel'));
    const input = screen.getByLabelText('Shipment, parcel or order number');
    fireEvent.change(input, { target: { value: 'SHP-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(screen.getByTestId('shipment-status').textContent).toBe('In transit'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this shipment' }));
    expect(screen.getByTestId('penalty-warning').textContent).toContain('may cost a carrier penalty');
    // Escape backs out of the confirmation.
    fireEvent.keyDown(screen.getByRole('button', { name: 'No, keep it' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('takes a scan into its own field whole, stripping the scanner prefix', async () => {
    const fake = stationWithShipments();
    fake.settings = { ...fake.settings, scanner: { prefix: '#', suffix: '', duplicateWindowMs: 2000 } };
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-cancel'));
    const input = screen.getByLabelText('Shipment, parcel or order number');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '#SHP-2' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(fake.callsOf('lookupShipment')).toEqual([{ code: 'SHP-2' }]));
    expect((input as HTMLInputElement).value).toBe('SHP-2');
  });

  it('says so under the field when "Look up" is pressed with nothing typed', async () => {
    const { fake } = await renderApp({ fake: stationWithShipments() });
    fireEvent.click(screen.getByTestId('nav-cancel'));
    const input = screen.getByLabelText('Shipment, parcel or order number');
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Nothing was typed or scanned/)).toBeTruthy();
    expect(fake.callsOf('lookupShipment')).toEqual([]);
    expect(document.activeElement).toBe(input);
  });

  it('says what to do when nothing matches', async () => {
    await renderApp({ fake: stationWithShipments() });
    fireEvent.click(screen.getByTestId('nav-cancel'));
    burst(document.body, 'UNKNOWN-1');
    expect(await screen.findByText('Nothing in nShift matches this code.')).toBeTruthy();
    expect(screen.getByText(/Check the barcode and scan again/)).toBeTruthy();
  });
});

/** Settings, showing the group of its index that holds the sections a test works with. */
function openSettings(group: string): void {
  fireEvent.click(screen.getByTestId('nav-settings'));
  const index = screen.getByRole('navigation', {
    name: /^(Settings sections|Inställningarnas delar|Asetusten osat)$/,
  });
  fireEvent.click(within(index).getByRole('button', { name: group }));
}

describe('Settings screen', () => {
  it('shows the stored secret only as its mask and never fills the secret field', async () => {
    await renderApp();
    openSettings('nShift');
    expect(screen.getByTestId('secret-mask').textContent).toBe('Stored secret: ••••••••3f9a');
    const secret = screen.getByLabelText('API key secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
  });

  it('saves a new API key and clears the secret from the page', async () => {
    const { fake } = await renderApp();
    openSettings('nShift');
    fireEvent.change(screen.getByLabelText('API key id'), { target: { value: 'key-2' } });
    fireEvent.change(screen.getByLabelText('API key secret'), { target: { value: 'very-secret-9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('setApiKey')).toEqual([{ id: 'key-2', secret: 'very-secret-9999' }]),
    );
    await waitFor(() => expect((screen.getByLabelText('API key secret') as HTMLInputElement).value).toBe(''));
    expect(screen.getByTestId('secret-mask').textContent).toBe('Stored secret: ••••••••9999');
  });

  it('shows the address in use with a demo marker when demo mode overrides it, and does not offer to save it', async () => {
    const fake = new FakeStation();
    fake.settings.inForce.deliveryUrl = { value: 'http://127.0.0.1:4100/rs-extapi/v1', source: 'demo' };
    await renderApp({ fake });
    openSettings('nShift');
    const url = screen.getByLabelText('Delivery API address') as HTMLInputElement;
    expect(url.value).toBe('http://127.0.0.1:4100/rs-extapi/v1');
    expect(url.readOnly).toBe(true);
    const source = screen.getByTestId('delivery-url-source');
    expect(source.dataset.source).toBe('demo');
    expect(source.textContent).toMatch(/^Demo The built-in nShift simulator answers here/);
    expect(screen.queryByRole('button', { name: 'Save address' })).toBeNull();
  });

  it('shows the Checkout addresses in use marked Demo when demo mode sets them, read-only, and saves only the connection id', async () => {
    const fake = new FakeStation();
    fake.settings.inForce.checkoutUrl = { value: 'http://127.0.0.1:4100/checkout', source: 'demo' };
    fake.settings.inForce.checkoutAuthUrl = { value: 'http://127.0.0.1:4100/identity', source: 'demo' };
    await renderApp({ fake });
    openSettings('nShift');
    const base = screen.getByLabelText('Checkout API address') as HTMLInputElement;
    const auth = screen.getByLabelText('Identity service address') as HTMLInputElement;
    expect([base.value, base.readOnly]).toEqual(['http://127.0.0.1:4100/checkout', true]);
    expect([auth.value, auth.readOnly]).toEqual(['http://127.0.0.1:4100/identity', true]);
    for (const testId of ['checkout-url-source', 'checkout-auth-url-source']) {
      const source = screen.getByTestId(testId);
      expect(source.dataset.source).toBe('demo');
      expect(source.textContent).toMatch(/^Demo The built-in nShift simulator answers here/);
    }
    fireEvent.change(screen.getByLabelText('Checkout connection id'), { target: { value: 'conn-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([{ checkout: { connectionId: 'conn-7' } }]),
    );
  });

  it('a scan lookup kept from before prepared shipments, with Checkout credentials: a note offers to add them', async () => {
    const fake = new FakeStation();
    fake.settings.resolve.sources = ['stored', 'order', 'shipment'];
    fake.settings.checkout.hasSecret = true;
    await renderApp({ fake });
    openSettings('Scanning');
    expect(screen.getByTestId('resolve-prepared-off').textContent).toMatch(
      /^Web shop orders in nShift Checkout are not looked up: their prepared shipments are not booked/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Look them up too' }));
    expect(screen.queryByTestId('resolve-prepared-off')).toBeNull();
    const rows = within(screen.getByTestId('resolve-sources')).getAllByRole('listitem');
    expect(rows.map((row) => [row.dataset.source, row.dataset.used])).toEqual([
      ['stored', 'true'],
      ['order', 'true'],
      ['prepared', 'true'],
      ['shipment', 'true'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([
        { resolve: expect.objectContaining({ sources: ['stored', 'order', 'prepared', 'shipment'] }) },
      ]),
    );
  });

  it('says nothing of prepared shipments where the station has no Checkout credentials', async () => {
    const fake = new FakeStation();
    fake.settings.resolve.sources = ['order', 'stored', 'shipment'];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-settings'));
    expect(screen.getByTestId('resolve-sources')).toBeTruthy();
    expect(screen.queryByTestId('resolve-prepared-off')).toBeNull();
  });

  it('offers the saved Checkout addresses for editing and saving, unmarked', async () => {
    const { fake } = await renderApp();
    openSettings('nShift');
    expect(screen.queryByTestId('checkout-url-source')).toBeNull();
    expect(screen.queryByTestId('checkout-auth-url-source')).toBeNull();
    fireEvent.change(screen.getByLabelText('Checkout API address'), {
      target: { value: 'https://checkout.example/api' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([
        {
          checkout: {
            baseUrl: 'https://checkout.example/api',
            authUrl: 'https://sim.local/identity',
            connectionId: '',
          },
        },
      ]),
    );
  });

  it('marks the printers, routing and hold time a flag or demo mode sets for this run, and leaves saved ones unmarked', async () => {
    const fake = new FakeStation();
    const demoZebra = {
      id: 'label',
      name: 'Demo Zebra',
      kind: 'zpl-tcp' as const,
      host: '127.0.0.1',
      port: 9200,
    };
    const folder = {
      id: 'documents',
      name: 'Documents',
      kind: 'file' as const,
      directory: '/data/documents',
    };
    fake.settings.inForce.printers = [
      { value: fake.settings.printers[0]!, source: 'settings' },
      { value: demoZebra, source: 'demo' },
      { value: folder, source: 'flag' },
    ];
    fake.settings.inForce.labelPrinterId = { value: 'label', source: 'demo' };
    fake.settings.inForce.documentPrinterId = { value: 'documents', source: 'flag' };
    fake.settings.inForce.spoolTtlMinutes = { value: 0.5, source: 'flag' };
    await renderApp({ fake });
    openSettings('Printers and labels');

    const rows = screen.getAllByRole('listitem').filter((li) => li.dataset.printerId);
    const marks = rows.map((li) => [
      li.dataset.printerId,
      within(li).queryByTestId('printer-source')?.dataset.source ?? 'settings',
    ]);
    expect(marks).toEqual([
      ['zebra-1', 'settings'],
      ['label', 'demo'],
      ['documents', 'flag'],
    ]);
    // A printer this run adds can be tested, not edited or removed.
    const demoRow = rows.find((li) => li.dataset.printerId === 'label')!;
    expect(within(demoRow).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(demoRow).getByRole('button', { name: 'Test label' })).toBeTruthy();

    expect(screen.getByTestId('label-printer-source').textContent).toBe(
      'Demo In use for this run: Demo Zebra. Set by demo mode; not saved.',
    );
    expect(screen.getByTestId('document-printer-source').textContent).toBe(
      'Command line In use for this run: Documents. Set on the command line; not saved.',
    );
    // The saved routing stays what the form edits.
    expect((screen.getByLabelText('Label printer (ZPL)') as HTMLSelectElement).value).toBe('zebra-1');
    expect(screen.getByTestId('hold-source').textContent).toBe(
      'Command line In use for this run: 0.5 minutes. Set on the command line; not saved.',
    );
    expect((screen.getByLabelText('Hold a waiting label after (minutes)') as HTMLInputElement).value).toBe(
      '30',
    );
  });

  it('marks nothing when every printer, route and the hold time come from the saved settings', async () => {
    await renderApp();
    openSettings('Printers and labels');
    expect(screen.queryByTestId('printer-source')).toBeNull();
    expect(screen.queryByTestId('label-printer-source')).toBeNull();
    expect(screen.queryByTestId('hold-source')).toBeNull();
  });

  it('offers to save the address when it is the saved one', async () => {
    const { fake } = await renderApp();
    openSettings('nShift');
    expect(screen.queryByTestId('delivery-url-source')).toBeNull();
    fireEvent.change(screen.getByLabelText('Delivery API address'), {
      target: { value: 'https://x.example/v1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([{ account: { deliveryUrl: 'https://x.example/v1' } }]),
    );
  });

  it('lists the missing licences after a connection test', async () => {
    const fake = new FakeStation();
    fake.connection = {
      ok: false,
      state: 'forbidden',
      message: '403',
      missingLicenses: ['REST API Print', 'REST API Discard'],
    };
    await renderApp({ fake });
    openSettings('nShift');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('connection-test');
    expect(within(result).getByText('The connection test failed: Licence missing.')).toBeTruthy();
    const list = within(result).getByRole('list', { name: 'Missing licences' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['REST API Print', 'REST API Discard']);
  });

  it('adds a network Zebra, and sends a test label whose preview is shown', async () => {
    const { fake } = await renderApp();
    openSettings('Printers and labels');
    fireEvent.click(screen.getByRole('button', { name: 'Add printer' }));
    fireEvent.change(screen.getByLabelText(/^Printer id/), { target: { value: 'zebra-2' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Zebra 2' } });
    fireEvent.change(screen.getByLabelText(/^Host or IP address/), { target: { value: '10.0.0.7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save printer' }));
    await waitFor(() =>
      expect(fake.callsOf('savePrinter')).toEqual([
        { id: 'zebra-2', name: 'Zebra 2', kind: 'zpl-tcp', host: '10.0.0.7', port: 9100 },
      ]),
    );
    const row = await waitFor(() => {
      const element = document.querySelector('[data-printer-id="zebra-2"]');
      expect(element).toBeTruthy();
      return element as HTMLElement;
    });
    fireEvent.change(screen.getByLabelText('Test label charset'), { target: { value: 'UTF8' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Test label' }));
    await waitFor(() =>
      expect(fake.callsOf('testPrinter')).toEqual([{ printerId: 'zebra-2', charset: 'UTF8' }]),
    );
    expect((await screen.findByTestId('preview-text')).textContent).toContain('Test label');
  });

  it('asks before removing a printer, naming it and the labels routed to it; Esc keeps it', async () => {
    const { fake } = await renderApp();
    openSettings('Printers and labels');
    const row = document.querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    const remove = within(row).getByRole('button', { name: 'Remove' });
    remove.focus();
    fireEvent.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Remove printer Zebra 1?' });
    expect(confirm.textContent).toContain('Labels and documents routed to Zebra 1 will need another printer');
    expect(fake.callsOf('removePrinter')).toEqual([]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(fake.callsOf('removePrinter')).toEqual([]);

    fireEvent.click(remove);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove printer' }));
    await waitFor(() => expect(fake.callsOf('removePrinter')).toEqual([{ printerId: 'zebra-1' }]));
    await waitFor(() => expect(document.querySelector('.printer-row[data-printer-id="zebra-1"]')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add printer' }));
  });

  it('follows a test label to what became of it: sending, then the printer’s failure, never "sent"', async () => {
    const fake = new FakeStation();
    fake.on('testPrinter', ({ printerId, charset }) => ({
      jobId: 'test-job-1',
      preview: {
        documentId: `test-${printerId}`,
        format: 'zpl',
        charset: charset ?? 'cp850',
        base64: btoa('^XA^FDTest label^FS^XZ'),
      },
    }));
    const testJob = (state: JobView['state'], documentState: JobDocument['state']): JobView =>
      makeJob({
        id: 'test-job-1',
        kind: 'test_print',
        scan: 'Zebra 1',
        state,
        shipments: [
          {
            shipmentId: 'test-zebra-1',
            parcelNos: [],
            state: state === 'failed' ? 'failed' : 'printing',
            documents: [
              {
                documentId: 'test-zebra-1',
                kind: 'label',
                format: 'zpl',
                bytes: 40,
                printerId: 'zebra-1',
                printerName: 'Zebra 1',
                state: documentState,
              },
            ],
          },
        ],
        ...(state === 'failed'
          ? {
              failure: {
                reason: 'printer' as const,
                code: 'printer_offline',
                message: 'The printer "Zebra 1" does not answer',
                detail: 'printer_not_answering' as const,
                params: { printer: 'Zebra 1' },
              },
            }
          : {}),
      });
    await renderApp({ fake });
    openSettings('Printers and labels');
    const row = document.querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Test label' }));
    const outcome = await screen.findByTestId('job-outcome');
    act(() => fake.emitJob(testJob('printing', 'queued')));
    expect(outcome.textContent).toBe('Sending the test label to Zebra 1…');
    act(() => fake.emitJob(testJob('failed', 'failed')));
    expect(outcome.getAttribute('data-job-state')).toBe('failed');
    expect(outcome.textContent).toContain('Failed: Test label');
    expect(outcome.querySelector('.failure-what')?.textContent).toContain(
      'The printer is offline or cannot be reached.',
    );
    expect(screen.queryByText('Test label sent.')).toBeNull();
  });

  it('prints a failed test label again from its outcome: the same printer, the outcome followed as the first one was', async () => {
    const fake = new FakeStation();
    const failedTest = (jobId: string): JobView =>
      makeJob({
        id: jobId,
        kind: 'test_print',
        scan: 'Zebra 1',
        state: 'failed',
        failure: {
          reason: 'printer',
          code: 'printer_offline',
          message: 'The printer "Zebra 1" does not answer',
          detail: 'printer_not_answering',
          params: { printer: 'Zebra 1' },
        },
      });
    await renderApp({ fake });
    openSettings('Printers and labels');
    const row = document.querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Test label' }));
    await waitFor(() => expect(fake.callsOf('testPrinter')).toHaveLength(1));
    const sending = await screen.findByTestId('job-outcome');
    expect(within(sending).queryByRole('button', { name: 'Print again' })).toBeNull();
    act(() => fake.emitJob(failedTest('test-1')));
    expect(screen.getByTestId('job-outcome').textContent).toContain('Failed: Test label');

    fireEvent.click(within(screen.getByTestId('job-outcome')).getByRole('button', { name: 'Print again' }));
    await waitFor(() =>
      expect(fake.callsOf('testPrinter')).toEqual([
        { printerId: 'zebra-1', charset: 'cp850' },
        { printerId: 'zebra-1', charset: 'cp850' },
      ]),
    );
    // The new job's outcome takes the old one's place, followed the same way.
    await waitFor(() =>
      expect(screen.getByTestId('job-outcome').textContent).toBe('Sending the test label to Zebra 1…'),
    );
    expect(screen.queryByRole('button', { name: 'Print again' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('printer-test'));
    act(() => fake.emitJob(failedTest('test-2')));
    expect(screen.getByTestId('job-outcome').textContent).toContain('Failed: Test label');
    expect(screen.getAllByRole('button', { name: 'Print again' })).toHaveLength(1);
  });

  it('prints a test label the station refused again from where the refusal shows, in the charset chosen since', async () => {
    const fake = new FakeStation();
    fake.on('testPrinter', ({ charset }) => {
      if (charset === 'UTF8')
        return { jobId: 'test-utf8', preview: { documentId: 't', format: 'zpl', base64: '' } };
      throw refusedCall({
        error: 'failed',
        message: 'Cannot encode',
        failure: {
          reason: 'printer',
          code: 'printer_error',
          message: 'Cannot encode Ø',
          detail: 'unencodable_characters',
          params: { characters: 'Ø' },
        },
      });
    });
    await renderApp({ fake });
    openSettings('Printers and labels');
    const row = document.querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Test label' }));
    const place = screen.getByRole('region', { name: 'Printers' });
    await waitFor(() =>
      expect(within(place).getByRole('alert').textContent).toContain(
        "The printer's character set cannot print some characters.",
      ),
    );
    fireEvent.change(screen.getByLabelText('Test label charset'), { target: { value: 'UTF8' } });
    fireEvent.click(within(place).getByRole('button', { name: 'Print again' }));
    await waitFor(() =>
      expect(fake.callsOf('testPrinter')).toEqual([
        { printerId: 'zebra-1', charset: 'cp850' },
        { printerId: 'zebra-1', charset: 'UTF8' },
      ]),
    );
    await waitFor(() => expect(within(place).queryByRole('alert')).toBeNull());
    expect(within(place).getByTestId('job-outcome').textContent).toBe('Sending the test label to Zebra 1…');
  });

  it('adds a discovered OS queue printer', async () => {
    const { fake } = await renderApp();
    openSettings('Printers and labels');
    // Role queries over the whole Settings screen (every section) take seconds in jsdom on a busy machine, and
    // each retry of a find* runs one again: buttons are found by their text.
    fireEvent.click(screen.getByText('Find printers', { selector: 'button' }));
    fireEvent.click(await screen.findByText('Use this printer', { selector: 'button' }, { timeout: 10_000 }));
    expect((screen.getByLabelText(/^Queue name/) as HTMLInputElement).value).toBe('Office_A4');
    fireEvent.click(screen.getByText('Save printer', { selector: 'button' }));
    await waitFor(() =>
      expect(fake.callsOf('savePrinter')).toEqual([
        { id: 'office-a4', name: 'Office A4', kind: 'os-queue', queue: 'Office_A4', media: 'A4' },
      ]),
    );
  });

  it('names a value the station refused by its label in the packer’s language, never the host’s English', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    const english =
      'Invalid argument for saveSettings at scanner.duplicateWindowMs: Number must be at most 60000';
    fake.on('saveSettings', () => {
      throw refusedCall({ error: 'invalid_argument', message: english, field: 'scanner.duplicateWindowMs' });
    });
    await renderApp({ fake });
    openSettings('Skanning');
    fireEvent.change(screen.getByLabelText('Ignorera upprepningar inom (ms)'), {
      target: { value: '99000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Inte godtaget: Ignorera upprepningar inom (ms)');
    expect(alert.textContent).not.toContain('Invalid argument');
  });

  it('shows a discovered printer’s paper sizes in the packer’s words', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'fi' };
    fake.on('discoverPrinters', () => [
      {
        kind: 'os-queue',
        name: 'Office A4',
        detail: 'paper: A4, Letter',
        paperSizes: ['A4', 'Letter'],
        suggested: { id: 'office-a4', name: 'Office A4', kind: 'os-queue', queue: 'Office_A4' },
      },
    ]);
    await renderApp({ fake });
    openSettings('Tulostimet ja osoitekortit');
    fireEvent.click(screen.getByRole('button', { name: 'Etsi tulostimia' }));
    const found = await screen.findByText(/Paperi: A4, Letter/);
    expect(found.textContent).not.toContain('paper:');
  });

  it('refuses an incomplete printer form without calling the station', async () => {
    const { fake } = await renderApp();
    openSettings('Printers and labels');
    fireEvent.click(screen.getByRole('button', { name: 'Add printer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save printer' }));
    expect(screen.getByText('Fill in every field marked required.')).toBeTruthy();
    expect(fake.callsOf('savePrinter')).toEqual([]);
  });

  it('saves scanner, sound, print target and routing settings', async () => {
    const { fake } = await renderApp();
    openSettings('Scanning');
    fireEvent.change(screen.getByLabelText('Prefix to strip'), { target: { value: ']C1' } });
    fireEvent.change(screen.getByLabelText('Ignore repeats within (ms)'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toContainEqual({
        scanner: { prefix: ']C1', suffix: '', duplicateWindowMs: 3000 },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'This station' }));
    fireEvent.click(screen.getByLabelText('Play sounds'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toContainEqual({ sounds: { enabled: false, volume: 0.5 } }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Printers and labels' }));
    fireEvent.change(screen.getByLabelText('ZPL charset'), { target: { value: 'UTF8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toContainEqual({
        printConfig: { targets: [{ media: 'thermo-190', type: 'zpl', mode: 'DT', charset: 'UTF8' }] },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.change(screen.getByLabelText('Document kind'), { target: { value: 'waybill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toContainEqual({
        routing: { rules: [{ kind: 'waybill', printerId: 'zebra-1' }], labelPrinterId: 'zebra-1' },
      }),
    );
  });

  it('shows what a scan sends and what the prefix and suffix leave of it', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, scanner: { prefix: '#', suffix: '', duplicateWindowMs: 2000 } };
    await renderApp({ fake });
    openSettings('Scanning');
    burst(document.body, '#ABC-1');
    expect(screen.getByText('Last scan here: #ABC-1 (read as ABC-1)')).toBeTruthy();
    expect(fake.callsOf('scan')).toEqual([]);
  });
});

describe('Stored & consolidated screen', () => {
  it('books and deletes stored shipments, closes consolidated ones and deletes a parcel group after confirming', async () => {
    const fake = new FakeStation();
    fake.stored = [
      { storedId: 'st-1', orderNo: 'O-77', status: 'READY', parcelCount: 2, receiverName: 'Ada' },
      { storedId: 'st-2', orderNo: 'O-78', status: 'READY', parcelCount: 1 },
    ];
    fake.consolidated = [
      {
        consolidatedId: 'c-1',
        key: 'KEY-1',
        status: 'Open',
        parcelGroups: [{ partOrderNo: 'PO-1', parcelCount: 3 }],
      },
    ];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-stored'));
    const storedTable = await screen.findByRole('table', { name: 'Stored shipments' });
    // The picked row's actions are in the pane beside the list, not on every row.
    fireEvent.click(within(storedTable).getByRole('button', { name: 'O-77' }));
    const details = screen.getByTestId('stored-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Book and print' }));
    await waitFor(() => expect(fake.callsOf('bookStored')).toEqual([{ storedId: 'st-1' }]));
    // The booking is followed to its outcome: printed, and where; never the internal job id.
    const outcome = await screen.findByTestId('job-outcome');
    await waitFor(() => expect(outcome.textContent).toBe('Printed: Stored shipment O-77, on Zebra 1'));
    expect(outcome.getAttribute('data-job-state')).toBe('printed');

    fireEvent.click(within(storedTable).getByRole('button', { name: 'O-78' }));
    fireEvent.click(within(details).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog');
    // Named by the order number the list shows, not nShift's internal stored-shipment id.
    expect(confirm.textContent).toContain('Delete stored shipment O-78?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(fake.callsOf('deleteStored')).toEqual([{ storedId: 'st-2', confirm: true }]));

    const consolidatedDetails = screen.getByTestId('consolidated-details');
    fireEvent.click(within(consolidatedDetails).getByRole('button', { name: 'Delete group' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete parcel group PO-1 from KEY-1?');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() =>
      expect(fake.callsOf('deleteParcelGroup')).toEqual([
        { consolidatedId: 'c-1', partOrderNo: 'PO-1', confirm: true },
      ]),
    );
    fireEvent.click(
      within(screen.getByTestId('consolidated-details')).getByRole('button', {
        name: 'Close and send',
      }),
    );
    // Closing sends the cage: asked first, like a delete, and named by its key.
    const closing = screen.getByRole('alertdialog');
    expect(closing.textContent).toContain('Close consolidated shipment KEY-1 and send it?');
    expect(fake.callsOf('closeConsolidated')).toEqual([]);
    fireEvent.click(within(closing).getByRole('button', { name: 'Yes, close and send' }));
    await waitFor(() => expect(fake.callsOf('closeConsolidated')).toEqual([{ consolidatedId: 'c-1' }]));
  });

  it('answers the delete question with "Yes, delete it" or "No, keep it", never a "Cancel" that reads as cancelling a shipment', async () => {
    const fake = new FakeStation();
    fake.stored = [{ storedId: 'st-1', orderNo: 'O-77', status: 'READY', parcelCount: 2 }];
    fake.consolidated = [
      {
        consolidatedId: 'c-1',
        key: 'KEY-1',
        status: 'Open',
        parcelGroups: [{ partOrderNo: 'PO-1', parcelCount: 3 }],
      },
    ];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-stored'));
    await screen.findByRole('table', { name: 'Stored shipments' });
    await screen.findByRole('table', { name: 'Open consolidated shipments' });
    const storedDetails = screen.getByTestId('stored-details');
    const consolidatedDetails = await screen.findByTestId('consolidated-details');
    for (const asks of [
      within(storedDetails).getByRole('button', { name: 'Delete' }),
      within(consolidatedDetails).getByRole('button', { name: 'Delete group' }),
      within(consolidatedDetails).getByRole('button', { name: 'Delete' }),
    ]) {
      fireEvent.click(asks);
      const answers = within(screen.getByRole('alertdialog'))
        .getAllByRole('button')
        .map((button) => button.textContent);
      expect(answers).toEqual(['Yes, delete it', 'No, keep it']);
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    }
    expect(fake.callsOf('deleteStored')).toEqual([]);
  });

  it('Esc on the delete question gives the focus back to the Delete button that asked', async () => {
    const fake = new FakeStation();
    fake.stored = [{ storedId: 'st-1', orderNo: 'O-77', status: 'READY', parcelCount: 2 }];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-stored'));
    await screen.findByRole('table', { name: 'Stored shipments' });
    const remove = within(screen.getByTestId('stored-details')).getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    const confirm = screen.getByRole('alertdialog');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'No, keep it' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(fake.callsOf('deleteStored')).toEqual([]);
  });

  it('Refresh lists what the field holds now: emptied after a Find, every ready one again, and says which', async () => {
    const fake = new FakeStation();
    fake.stored = [{ storedId: 'st-1', orderNo: 'O-77', status: 'READY', parcelCount: 2 }];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-stored'));
    await waitFor(() => expect(fake.callsOf('listStored')).toHaveLength(1));
    const scope = screen.getByTestId('stored-scope');
    expect(scope.textContent).toBe('Ready shipments. Find an order number to see one that is not ready.');
    const field = screen.getByLabelText('Order number');
    fireEvent.change(field, { target: { value: 'SO-2003' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(fake.callsOf('listStored')).toEqual([undefined, { orderNo: 'SO-2003' }]));
    expect(scope.textContent).toContain('Only order SO-2003.');

    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fake.callsOf('listStored')).toHaveLength(3));
    expect(fake.callsOf('listStored')[2]).toBeUndefined();
    expect(scope.textContent).toBe('Ready shipments. Find an order number to see one that is not ready.');
  });

  it('offers no "Book and print" for a stored shipment nShift has as INVALID, and says why, in the packer’s words', async () => {
    const fake = new FakeStation();
    fake.stored = [
      { storedId: 'st-9', orderNo: 'SO-2900', status: 'INVALID', parcelCount: 1 },
      { storedId: 'st-1', orderNo: 'SO-2001', status: 'READY', parcelCount: 1 },
    ];
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-stored'));
    const table = await screen.findByRole('table', { name: 'Lagrade sändningar' });
    const details = screen.getByTestId('stored-details');
    fireEvent.click(within(table).getByRole('button', { name: 'SO-2900' }));
    expect(within(details).queryByRole('button', { name: 'Boka och skriv ut' })).toBeNull();
    expect(within(details).getByTestId('stored-not-bookable').textContent).toContain('kan inte bokas');
    expect(within(details).getByRole('button', { name: 'Ta bort' })).toBeTruthy();
    // nShift's status words are read in Swedish, in the list and in the pane.
    expect(within(table).queryByText('INVALID')).toBeNull();
    expect(within(table).getAllByText('Ogiltig')).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: 'SO-2001' }));
    expect(within(details).getByRole('button', { name: 'Boka och skriv ut' })).toBeTruthy();
  });

  it('filters stored shipments by a scanned order number', async () => {
    const fake = new FakeStation();
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-stored'));
    await waitFor(() => expect(fake.callsOf('listStored')).toHaveLength(1));
    burst(document.body, 'O-99');
    await waitFor(() => expect(fake.callsOf('listStored')).toContainEqual({ orderNo: 'O-99' }));
  });
});

describe('Manifest screen', () => {
  it('creates a manifest per configured type and reprints one from the list', async () => {
    const fake = new FakeStation();
    // A shipment in no manifest yet: there is something to put on one.
    fake.unmanifested = [
      { shipmentId: 's-1', status: 'PRINTED', parcelNos: ['P-1'], handedOver: false, orderNo: 'ORD-1' },
    ];
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    await screen.findByRole('table', { name: 'Today’s shipments in no manifest' });
    fireEvent.click(screen.getByRole('button', { name: 'Create manifest: DHL' }));
    await waitFor(() => expect(fake.callsOf('createManifest')).toEqual([{ manifestType: 'DHL' }]));
    const table = await screen.findByRole('table', { name: 'Manifests' });
    fireEvent.click(within(table).getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(fake.callsOf('reprintManifest')).toHaveLength(1));
  });

  it('follows the manifest job to its outcome: printing, then printed on the document printer', async () => {
    const fake = new FakeStation();
    fake.unmanifested = [
      { shipmentId: 's-1', status: 'PRINTED', parcelNos: ['P-1'], handedOver: false, orderNo: 'ORD-1' },
    ];
    const manifestJob = (state: JobView['state'], documentState: JobDocument['state']): JobView =>
      makeJob({
        id: 'manifest-job-1',
        kind: 'manifest',
        scan: 'DHL',
        state,
        shipments: [
          {
            shipmentId: 'm',
            parcelNos: [],
            state: state === 'printed' ? 'printed' : 'printing',
            documents: [
              {
                documentId: 'md',
                kind: 'manifest',
                format: 'pdf',
                bytes: 900,
                printerId: 'a4',
                printerName: 'Office A4',
                spoolJobId: 'msp',
                state: documentState,
              },
            ],
          },
        ],
      });
    fake.on('createManifest', () => {
      setTimeout(() => fake.emitJob(manifestJob('printing', 'sending')), 0);
      return { jobId: 'manifest-job-1' };
    });
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    await screen.findByRole('table', { name: 'Today’s shipments in no manifest' });
    fireEvent.click(screen.getByRole('button', { name: 'Create manifest: DHL' }));
    const outcome = await screen.findByTestId('job-outcome');
    await waitFor(() => expect(outcome.textContent).toBe('Manifest DHL: Printing…'));
    act(() => fake.emitJob(manifestJob('printed', 'printed')));
    expect(outcome.textContent).toBe('Printed: Manifest DHL, on Office A4');
    expect(outcome.textContent).not.toContain('manifest-job-1');
  });

  it('explains a failed manifest job in words, translated', async () => {
    const fake = new FakeStation();
    fake.unmanifested = [
      { shipmentId: 's-1', status: 'PRINTED', parcelNos: ['P-1'], handedOver: false, orderNo: 'ORD-1' },
    ];
    fake.settings = { ...fake.settings, language: 'sv' };
    fake.on('createManifest', () => {
      setTimeout(
        () =>
          fake.emitJob(
            makeJob({
              id: 'manifest-job-2',
              kind: 'manifest',
              scan: 'DHL',
              state: 'failed',
              failure: { reason: 'printer', code: 'no_printer', message: 'No printer for manifest' },
            }),
          ),
        0,
      );
      return { jobId: 'manifest-job-2' };
    });
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-manifest'));
    await screen.findByRole('table', { name: 'Dagens sändningar som inte finns i något manifest' });
    fireEvent.click(screen.getByRole('button', { name: 'Skapa manifest: DHL' }));
    const outcome = await screen.findByTestId('job-outcome');
    await waitFor(() => expect(outcome.getAttribute('data-job-state')).toBe('failed'));
    expect(outcome.textContent).toContain('Misslyckades: Manifest DHL');
    expect(outcome.querySelector('[data-failure-code="no_printer"]')).not.toBeNull();
    // The station's English message is only a detail line: what happened is in the packer's words.
    expect(outcome.querySelector('.failure-what')?.textContent).toContain(
      'Ingen skrivare är vald för det här dokumentet.',
    );
  });

  it('sends a scan made here to the Scan screen', async () => {
    const { fake } = await renderApp();
    fireEvent.click(screen.getByTestId('nav-manifest'));
    burst(document.body, 'ORDER-M1');
    await waitFor(() => expect(fake.callsOf('scan')).toEqual([{ code: 'ORDER-M1' }]));
    expect(screen.getByTestId('nav-scan').getAttribute('aria-current')).toBe('page');
  });
});

describe('Checkout screen', () => {
  function stationWithSplitOrder(): FakeStation {
    const fake = new FakeStation();
    const part = (id: string, subShipmentId: string, delivery: PartialShipmentView['delivery']) => ({
      id,
      orderNo: 'SPLIT-3001',
      sessionId: 'ses-1',
      subShipmentId,
      receiverName: 'Märta Ängström',
      anonymized: false,
      parcelCount: 1,
      delivery,
    });
    fake.partialShipments = [
      part('ps-2', 'sub-1', { status: 'booked', shipmentNo: '00735000504895030101' }),
      part('ps-3', 'sub-2', { status: 'booked' }),
      part('ps-1', 'ses-1', { status: 'prepared', prepareId: 'ps-1' }),
    ];
    return fake;
  }

  async function findSplitOrder(): Promise<HTMLElement[]> {
    fireEvent.click(screen.getByTestId('nav-checkout'));
    fireEvent.change(screen.getByLabelText('Order reference'), { target: { value: 'SPLIT-3001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find by order' }));
    return waitFor(() => {
      const rows = screen.getAllByTestId('partial-shipment');
      expect(rows).toHaveLength(3);
      return rows;
    });
  }

  it('shows a booked sub-shipment in the nShift Delivery column by its shipment number, or as booked; one waiting by its prepared shipment', async () => {
    await renderApp({ fake: stationWithSplitOrder() });
    const rows = await findSplitOrder();
    const delivery = rows.map((row) => within(row).getByTestId('partial-delivery').textContent);
    expect(delivery).toEqual(['Booked as shipment 00735000504895030101', 'Booked', 'Prepared shipment ps-1']);
  });

  it('shows a sub-shipment the shop turned into a stored shipment by its stored shipment, and the chosen pickup point', async () => {
    const fake = stationWithSplitOrder();
    fake.partialShipments = fake.partialShipments.map((p, i) =>
      i === 2
        ? {
            ...p,
            delivery: { status: 'stored', storedId: '7100005' },
            option: {
              carrierId: 'PLAB',
              serviceId: 'P19',
              pickupPoint: 'PostNord MyPack Collect pickup point',
            },
          }
        : { ...p, delivery: { status: 'stored' } },
    );
    await renderApp({ fake });
    const rows = await findSplitOrder();
    expect(rows.map((row) => within(row).getByTestId('partial-delivery').textContent)).toEqual([
      'Stored shipment',
      'Stored shipment',
      'Stored shipment 7100005',
    ]);
    expect(within(rows[2]!).getAllByRole('cell')[3]!.textContent).toBe(
      'P19 · PLAB · Pickup point: PostNord MyPack Collect pickup point',
    );
  });

  it('names the row to delete as the row shows it (its checkout session), and says what Delivery keeps of it', async () => {
    const { fake } = await renderApp({ fake: stationWithSplitOrder() });
    const rows = await findSplitOrder();
    const session = rows.find((row) => row.dataset.partialId === 'ps-1')!;
    expect(within(session).getAllByRole('cell')[0]!.textContent).toBe('ses-1');
    // Delete and Anonymize are in the picked row's pane, not on every row.
    expect(within(session).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(session).getByRole('button', { name: 'ses-1' }));
    const details = screen.getByTestId('checkout-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Delete partial shipment ses-1 (order SPLIT-3001) from nShift Checkout?',
    );
    expect(dialog.textContent).not.toContain('ps-1');
    // A prepared shipment stays in Delivery, but the bench finds it only through Checkout.
    expect(dialog.textContent).toContain('a scan of the order no longer finds it here');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fake.callsOf('deletePartialShipment')).toEqual([{ id: 'ps-1', confirm: true }]),
    );

    const booked = screen.getAllByTestId('partial-shipment').find((row) => row.dataset.partialId === 'ps-2')!;
    fireEvent.click(within(booked).getByRole('button', { name: 'sub-1' }));
    fireEvent.click(within(screen.getByTestId('checkout-details')).getByRole('button', { name: 'Delete' }));
    const again = screen.getByRole('alertdialog');
    expect(again.textContent).toContain('Delete partial shipment sub-1 (order SPLIT-3001)');
    expect(again.textContent).toContain('nShift Delivery keeps the booked shipment');
    expect(again.textContent).not.toContain('can still be booked');
  });
});

describe('Checkout screen: the words and dates of its search', () => {
  const part = (id: string, orderNo: string, created: string): PartialShipmentView => ({
    id,
    orderNo,
    subShipmentId: id,
    created,
    anonymized: false,
    parcelCount: 1,
    delivery: { status: 'pending' },
  });

  it('counts an order’s partial shipments with the language’s plural rules, never "(s)"', async () => {
    const fake = new FakeStation();
    fake.partialShipments = [
      part('a-1', 'ONE-1', '2026-11-21T08:00:00Z'),
      part('b-1', 'TWO-2', '2026-11-21T08:00:00Z'),
      part('b-2', 'TWO-2', '2026-11-21T08:00:00Z'),
    ];
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-checkout'));
    fireEvent.click(screen.getByRole('button', { name: 'Sök på datum' }));
    const table = await screen.findByTestId('checkout-results');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order ONE-1: 1 delsändning', 'Order TWO-2: 2 delsändningar']);
    expect(table.textContent).not.toMatch(/\((s|r|er)\)/);
  });

  it('takes and shows dates the language’s way, and says so when the range is reversed instead of finding nothing', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'da' };
    await renderApp({ fake, language: 'da' });
    fireEvent.click(screen.getByTestId('nav-checkout'));
    const from = screen.getByLabelText('Oprettet fra') as HTMLInputElement;
    const to = screen.getByLabelText('Oprettet til') as HTMLInputElement;
    // Today, as Danish writes a date, with the pattern beside the field.
    expect(from.value).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(document.getElementById(from.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'dd.mm.åååå',
    );
    fireEvent.change(from, { target: { value: '28.11.2026' } });
    fireEvent.change(to, { target: { value: '2.11.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søg på dato' }));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        '28.11.2026 er efter 2.11.2026: der er ingen dag imellem. Sæt den tidligste dato først.',
      ),
    ).toBeTruthy();
    expect(fake.callsOf('listPartialShipments')).toEqual([]);

    fireEvent.change(to, { target: { value: '30.11.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søg på dato' }));
    await waitFor(() =>
      expect(fake.callsOf('listPartialShipments')).toEqual([
        { dateFrom: '2026-11-28', dateTo: '2026-11-30' },
      ]),
    );
  });

  it('"Find by date" takes the old order reference out of its field; an empty "Find by order" says what to do', async () => {
    const fake = new FakeStation();
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-checkout'));
    const field = screen.getByLabelText('Order reference') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Find by order' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Nothing was typed or scanned/)).toBeTruthy();
    expect(fake.callsOf('listPartialShipments')).toEqual([]);

    fireEvent.change(field, { target: { value: 'SPLIT-3001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find by order' }));
    await waitFor(() => expect(fake.callsOf('listPartialShipments')).toEqual([{ orderNo: 'SPLIT-3001' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Find by date' }));
    await waitFor(() => expect(fake.callsOf('listPartialShipments')).toHaveLength(2));
    expect(field.value).toBe('');
  });
});

describe('Language', () => {
  it('switches the whole UI live when the language setting changes', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fi' } });
    expect(await screen.findByRole('heading', { name: 'Asetukset' })).toBeTruthy();
    expect(screen.getByTestId('nav-scan').textContent).toContain('Skannaus');
    expect(document.documentElement.lang).toBe('fi');
    fireEvent.change(screen.getByRole('combobox', { name: 'Kieli' }), { target: { value: 'da' } });
    expect(await screen.findByRole('heading', { name: 'Indstillinger' })).toBeTruthy();
  });

  it('says "Settings saved." in the language just chosen, though the save was asked in the one before', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'sv' } });
    expect(await screen.findByRole('heading', { name: 'Inställningar' })).toBeTruthy();
    expect(await screen.findByText('Inställningarna sparades.')).toBeTruthy();
    expect(screen.queryByText('Settings saved.')).toBeNull();
  });

  it('follows a language change made elsewhere (a status event does not reset it)', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'nb' };
    await renderApp({ fake });
    expect(screen.getByLabelText('Skann eller skriv et ordrenummer')).toBeTruthy();
  });
});
