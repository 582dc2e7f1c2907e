// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView, PrinterStateView, SettingsView } from '../../../preload/api';
import { App } from '../../../renderer/src/App';
import { createI18n as createAppI18n } from '../../../renderer/src/i18n';
import { createI18n } from './catalogues';
import { BASE_TIME, FakeStation, makeJob, refusedCall } from './fake-api';
import { StationCallError } from '../../../renderer/src/api/errors';
import { RecordingSounds, renderApp } from './render-app';

afterEach(() => cleanup());

function typeAndEnter(code: string): void {
  const input = screen.getByTestId('scan-input');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.closest('form') as HTMLFormElement);
}

describe('Scan screen', () => {
  it('starts on the Scan screen with the labelled scan input focused', async () => {
    await renderApp();
    const input = screen.getByLabelText('Scan or type an order number');
    expect(input).toBe(screen.getByTestId('scan-input'));
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId('nav-scan').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('idle');
  });

  it('says so when Enter or "Book and print" is pressed with nothing typed, and books nothing', async () => {
    const { fake } = await renderApp();
    const input = screen.getByTestId('scan-input');
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByTestId('scan-empty').textContent).toBe(
      'Nothing was typed or scanned: scan a barcode or type a number, then press Enter.',
    );
    expect(input.getAttribute('aria-describedby')).toBe('scan-empty');
    expect(fake.callsOf('scan')).toEqual([]);
    fireEvent.change(input, { target: { value: 'O' } });
    expect(screen.queryByTestId('scan-empty')).toBeNull();
  });

  it('books a typed order number and shows the printed result in large type, with a success sound', async () => {
    const { fake, sounds } = await renderApp();
    typeAndEnter('ORDER-1001');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    expect(fake.callsOf('scan')).toEqual([{ code: 'ORDER-1001' }]);
    const panel = screen.getByTestId('last-result');
    expect(within(panel).getByText('Printed')).toBeTruthy();
    expect(within(panel).getByText('ORDER-1001')).toBeTruthy();
    expect(within(panel).getByText(/Shipment SHP-ORDER-1001/).textContent).toContain('on Zebra 1');
    expect(sounds.played).toEqual(['success']);
    expect((screen.getByTestId('scan-input') as HTMLInputElement).value).toBe('');
    // Today's list shows it too.
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('explains a validation failure field by field, translated, with an error sound', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [
      makeJob({
        id: jobId,
        scan: code,
        state: 'failed',
        failure: {
          reason: 'validation',
          code: 'validation',
          message: 'Shipment data invalid',
          errors: [
            { field: 'receiver.zipcode', message: 'Zipcode 999 is not valid for SE' },
            { field: 'parcels[0].weight', message: 'must be positive' },
          ],
        },
      }),
    ];
    fake.settings = { ...fake.settings, language: 'sv' };
    const { sounds } = await renderApp({ fake });
    typeAndEnter('ORDER-2');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('failed'));
    const panel = screen.getByTestId('last-result');
    expect(within(panel).getByText(/nShift avvisade sändningen/)).toBeTruthy();
    expect(within(panel).getByText(/Rätta fälten nedan/)).toBeTruthy();
    const fields = within(panel).getByRole('list', { name: 'Fält att rätta' });
    expect(within(fields).getByText('Mottagarens postnummer')).toBeTruthy();
    expect(within(fields).getByText('Kollivikt')).toBeTruthy();
    expect(fields.textContent).toContain('Zipcode 999 is not valid for SE');
    expect(sounds.played).toEqual(['error']);
  });

  it('translates a refused call (no job) from its failure code, not the English message', async () => {
    const fake = new FakeStation();
    fake.on('scan', () => {
      throw refusedCall({
        error: 'failed',
        message: 'Forbidden',
        failure: {
          reason: 'auth',
          code: 'access_missing_license',
          message: '403',
          params: { license: 'REST API Print' },
        },
      });
    });
    await renderApp({ fake });
    typeAndEnter('ORDER-3');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByText('The nShift account lacks the licence "REST API Print".')).toBeTruthy();
    expect(screen.getByText(/Ask your nShift administrator/)).toBeTruthy();
  });

  it('offers a one-key reprint for a duplicate and sends it for the original job', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [
      makeJob({
        id: jobId,
        scan: code,
        state: 'failed',
        duplicateOf: { shipmentId: 'shp-9', shipmentNo: 'SHP-9', jobId: 'job-original' },
        failure: { reason: 'duplicate', code: 'already_booked', message: 'Already booked' },
      }),
    ];
    const { sounds } = await renderApp({ fake });
    typeAndEnter('ORDER-9');
    await waitFor(() =>
      expect(screen.getByTestId('last-result').getAttribute('data-result')).toBe('duplicate'),
    );
    expect(within(screen.getByTestId('last-result')).getByText('Already booked')).toBeTruthy();
    expect(sounds.played).toEqual(['attention']);
    const input = screen.getByTestId('scan-input');
    fireEvent.keyDown(input, { key: 'r' });
    await waitFor(() => expect(fake.callsOf('reprint')).toEqual([{ jobId: 'job-original' }]));
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
  });

  it('does not reprint when R is only the first key of a scan, and keeps the R in the code', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [
      makeJob({
        id: jobId,
        scan: code,
        state: 'failed',
        duplicateOf: { shipmentId: 'shp-9', jobId: 'job-original' },
        failure: { reason: 'duplicate', code: 'already_booked', message: 'Already booked' },
      }),
    ];
    await renderApp({ fake });
    typeAndEnter('ORDER-9');
    await waitFor(() =>
      expect(screen.getByTestId('last-result').getAttribute('data-result')).toBe('duplicate'),
    );
    const input = screen.getByTestId('scan-input') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'R' });
    fireEvent.keyDown(input, { key: '1' });
    expect(input.value).toBe('R1');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toEqual([]);
  });

  it('reprints once for a fast double R and leaves nothing in the scan field', async () => {
    const { fake } = await renderApp();
    typeAndEnter('ORDER-1005');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    const input = screen.getByTestId('scan-input') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'r' });
    fireEvent.keyDown(input, { key: 'r' });
    expect(input.value).toBe('');
    await waitFor(() => expect(fake.callsOf('reprint')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toHaveLength(1);
    expect(input.value).toBe('');
  });

  it('ignores R while the reprint it asked for is on its way, and types nothing into the field', async () => {
    const fake = new FakeStation();
    let answer: (value: { jobId: string }) => void = () => undefined;
    fake.on('reprint', () => new Promise((resolve) => (answer = resolve)));
    await renderApp({ fake });
    typeAndEnter('ORDER-1006');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    const input = screen.getByTestId('scan-input') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'r' });
    await waitFor(() => expect(fake.callsOf('reprint')).toHaveLength(1));
    // A key whose default is prevented never reaches the field (jsdom types nothing either way).
    expect(fireEvent.keyDown(input, { key: 'r' })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toHaveLength(1);
    expect(input.value).toBe('');
    // Answered, its label not yet printed: still the same reprint.
    await act(async () => answer({ jobId: 'reprint-1' }));
    expect(fireEvent.keyDown(input, { key: 'r' })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toHaveLength(1);
    expect(input.value).toBe('');
  });

  it('gives both Rs back when a scan starts with RR', async () => {
    const { fake } = await renderApp();
    typeAndEnter('ORDER-1007');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    const input = screen.getByTestId('scan-input') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'R' });
    fireEvent.keyDown(input, { key: 'R' });
    fireEvent.keyDown(input, { key: '7' });
    expect(input.value).toBe('RR7');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toEqual([]);
  });

  it('offers no reprint when the shown shipment has been cancelled since', async () => {
    const { fake } = await renderApp();
    typeAndEnter('ORDER-1008');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    const booked = fake.jobs.find((job) => job.scan === 'ORDER-1008')!;
    act(() =>
      fake.emitJob(
        makeJob({
          id: 'cancel-9',
          kind: 'cancel',
          scan: 'SHP-ORDER-1008',
          state: 'done',
          shipments: [
            { shipmentId: booked.shipments[0]!.shipmentId, parcelNos: [], state: 'cancelled', documents: [] },
          ],
        }),
      ),
    );
    const panel = screen.getByTestId('last-result');
    await waitFor(() =>
      expect(within(panel).getByText('Cancelled: its label is void, so it is not reprinted.')).toBeTruthy(),
    );
    expect(within(panel).queryByRole('button', { name: 'Reprint (R)' })).toBeNull();
    const input = screen.getByTestId('scan-input');
    fireEvent.keyDown(input, { key: 'r' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.callsOf('reprint')).toEqual([]);
  });

  it('a booking cancelled since reads Cancelled in Today’s scans, no longer Printed', async () => {
    const { fake } = await renderApp();
    typeAndEnter('ORDER-1009');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    const booked = fake.jobs.find((job) => job.scan === 'ORDER-1009')!;
    act(() =>
      fake.emitJob(
        makeJob({
          id: 'cancel-10',
          kind: 'cancel',
          scan: 'SHP-ORDER-1009',
          state: 'done',
          shipments: [
            { shipmentId: booked.shipments[0]!.shipmentId, parcelNos: [], state: 'cancelled', documents: [] },
          ],
        }),
      ),
    );
    // The card keeps what happened and adds that the label is void (above); the list reads what it is now.
    const row = document.querySelector(`tr[data-job-id="${booked.id}"]`)!;
    await waitFor(() =>
      expect(row.querySelector('[data-state]')?.getAttribute('data-state')).toBe('cancelled'),
    );
    expect(row.textContent).toContain('Cancelled');
    expect(row.textContent).not.toContain('Printed');
  });

  it('ignores the same code again within the duplicate window and says so', async () => {
    const { fake, clock } = await renderApp();
    typeAndEnter('ORDER-5');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    clock.now += 500;
    typeAndEnter('ORDER-5');
    expect(screen.getByRole('status').textContent).toContain('ORDER-5 was scanned again within 2 s');
    expect(fake.callsOf('scan')).toHaveLength(1);
    clock.now += 5000;
    typeAndEnter('ORDER-5');
    await waitFor(() => expect(fake.callsOf('scan')).toHaveLength(2));
  });

  it('takes a scanner burst while focus is elsewhere, stripping the configured prefix and suffix', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, scanner: { prefix: ']C1', suffix: '!', duplicateWindowMs: 2000 } };
    await renderApp({ fake });
    const button = screen.getByTestId('nav-jobs');
    button.focus();
    act(() => {
      for (const key of ']C1ORDER-77!') fireEvent.keyDown(button, { key });
      fireEvent.keyDown(button, { key: 'Enter' });
    });
    await waitFor(() => expect(fake.callsOf('scan')).toEqual([{ code: 'ORDER-77' }]));
    // Enter did not press the focused Jobs button.
    expect(screen.getByTestId('nav-scan').getAttribute('aria-current')).toBe('page');
  });

  it('takes a scan before the station has answered, cut by the scanner settings once they arrive', async () => {
    const fake = new FakeStation();
    const settings = { ...fake.settings, scanner: { prefix: ']C1', suffix: '', duplicateWindowMs: 2000 } };
    let answer: () => void = () => undefined;
    fake.on('getSettings', () => new Promise<SettingsView>((resolve) => (answer = () => resolve(settings))));
    render(<App api={fake.api} i18n={createI18n('en')} sounds={new RecordingSounds()} />);
    const input = await screen.findByTestId('scan-input');
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId('app-loading')).toBeTruthy();
    typeAndEnter(']C1ORDER-55');
    // Not sent with the prefix still on it: the scan waits for the settings that say what to strip.
    expect(fake.callsOf('scan')).toEqual([]);
    await act(async () => answer());
    await waitFor(() => expect(fake.callsOf('scan')).toEqual([{ code: 'ORDER-55' }]));
    expect(screen.queryByTestId('app-loading')).toBeNull();
  });

  it('shows a station set to Swedish in Swedish, fetching the catalogue the page was built without', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    // As the page starts on a machine that has not shown Swedish before: English alone is built in.
    const i18n = createAppI18n('en');
    expect(i18n.hasResourceBundle('sv', 'translation')).toBe(false);
    render(<App api={fake.api} i18n={i18n} sounds={new RecordingSounds()} />);
    expect(await screen.findByLabelText('Skanna eller skriv ett ordernummer')).toBeTruthy();
    expect(i18n.language).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
  });

  it('clears the last result with Escape', async () => {
    await renderApp();
    typeAndEnter('ORDER-6');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('printed'));
    fireEvent.keyDown(screen.getByTestId('scan-input'), { key: 'Escape' });
    expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('idle');
  });

  it('keeps an error text for IT behind a closed "For IT" disclosure, after what happened and what to do', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [
      makeJob({
        id: jobId,
        scan: code,
        state: 'failed',
        failure: {
          reason: 'station',
          code: 'cannot_save',
          message: 'STATION ENGLISH',
          detail: 'data_folder_unwritable',
          params: { systemText: "ENOSPC: no space left on device, write '/data/journal/2026-11-21.jsonl'" },
        },
      }),
    ];
    await renderApp({ fake });
    typeAndEnter('ORDER-IT');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('failed'));
    const failure = screen.getByTestId('last-result').querySelector('.failure')!;
    const disclosure = failure.querySelector('details')!;
    expect(disclosure.open).toBe(false);
    const summary = disclosure.querySelector('summary')!;
    expect(summary.textContent).toBe('For IT');
    expect(disclosure.textContent).toContain('ENOSPC: no space left on device');
    // What the packer reads first is what happened and what to do, in their words, never the error text.
    const paragraphs = [...failure.querySelectorAll(':scope > p')].map((p) => p.textContent ?? '');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs.join(' ')).not.toContain('ENOSPC');
    expect(failure.lastElementChild).toBe(disclosure);
    // The compact row in today's list shows no error text at all.
    const row = screen.getByRole('table').querySelector('.failure')!;
    expect(row.textContent).not.toContain('ENOSPC');
  });

  it('shows a held job with its release action', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [
      makeJob({
        id: jobId,
        scan: code,
        state: 'held',
        shipments: [
          {
            shipmentId: 's1',
            shipmentNo: 'S1',
            parcelNos: ['P1'],
            state: 'held',
            documents: [
              { documentId: 'd1', kind: 'label', format: 'zpl', bytes: 10, spoolJobId: 'sp1', state: 'held' },
            ],
          },
        ],
      }),
    ];
    const { sounds } = await renderApp({ fake });
    typeAndEnter('ORDER-H');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('held'));
    expect(sounds.played).toEqual(['attention']);
    fireEvent.click(screen.getByRole('button', { name: 'Release held labels' }));
    await waitFor(() => expect(fake.callsOf('releaseSpoolJob')).toEqual([{ spoolJobId: 'sp1' }]));
    const panel = screen.getByTestId('last-result');
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('Done: Release held labels.'),
    );
  });

  it('says why the held labels were not released when the station refuses, and still asks for each of them', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [
      makeJob({
        id: jobId,
        scan: code,
        state: 'held',
        shipments: [
          {
            shipmentId: 's1',
            shipmentNo: 'S1',
            parcelNos: ['P1', 'P2'],
            state: 'held',
            documents: [
              { documentId: 'd1', kind: 'label', format: 'zpl', bytes: 10, spoolJobId: 'sp1', state: 'held' },
              { documentId: 'd2', kind: 'label', format: 'zpl', bytes: 10, spoolJobId: 'sp2', state: 'held' },
            ],
          },
        ],
      }),
    ];
    // Released meanwhile on the Jobs screen (spool.ts: spool_job_state), and the other one taken by it.
    fake.on('releaseSpoolJob', ({ spoolJobId }) => {
      if (spoolJobId === 'sp2')
        return {
          id: 'sp2',
          printerId: 'zebra-1',
          documentId: 'd2',
          documentKind: 'label',
          format: 'zpl',
          bytes: 10,
          attempts: 1,
          createdAt: BASE_TIME,
          updatedAt: BASE_TIME,
          state: 'queued',
        };
      throw refusedCall({
        error: 'failed',
        message: 'Spool job sp1 is printed, not held',
        failure: {
          reason: 'printer',
          code: 'printer_error',
          message: 'Spool job sp1 is printed, not held',
          detail: 'spool_job_state',
          params: { state: 'printed' },
        },
      });
    });
    await renderApp({ fake });
    typeAndEnter('ORDER-H2');
    await waitFor(() => expect(screen.getByTestId('last-result').getAttribute('data-state')).toBe('held'));
    fireEvent.click(screen.getByRole('button', { name: 'Release held labels' }));
    const panel = screen.getByTestId('last-result');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('This print job has changed meanwhile.');
    expect(alert.textContent).toContain('It is now: Printed');
    expect(fake.callsOf('releaseSpoolJob')).toEqual([{ spoolJobId: 'sp1' }, { spoolJobId: 'sp2' }]);
    // The next result starts without it.
    typeAndEnter('ORDER-7');
    await waitFor(() => expect(within(screen.getByTestId('last-result')).queryByRole('alert')).toBeNull());
  });
});

function printingJob(jobId: string, code: string): JobView {
  return makeJob({
    id: jobId,
    scan: code,
    state: 'printing',
    shipments: [
      {
        shipmentId: 's1',
        shipmentNo: 'S1',
        parcelNos: ['P1'],
        state: 'printing',
        documents: [
          {
            documentId: 'd1',
            kind: 'label',
            format: 'zpl',
            bytes: 10,
            printerId: 'zebra-1',
            printerName: 'Zebra 1',
            spoolJobId: 'sp1',
            state: 'queued',
          },
        ],
      },
    ],
  });
}

const offlineZebra: PrinterStateView = {
  printerId: 'zebra-1',
  name: 'Zebra 1',
  kind: 'zpl-tcp',
  state: 'offline',
  problems: ['unreachable'],
  queueLength: 1,
};

describe('Scan screen while the printer is away', () => {
  it('says the label waits for the offline printer, in large type, with the attention sound once', async () => {
    const fake = new FakeStation();
    fake.status = { ...fake.status, printers: [offlineZebra], queueLength: 1 };
    fake.scanOutcome = (code, jobId) => [printingJob(jobId, code)];
    const { sounds } = await renderApp({ fake });
    typeAndEnter('ORDER-W');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-waiting')).toBe('printer'));
    expect(panel.getAttribute('data-state')).toBe('printing');
    expect(panel.className).toContain('result-waiting');
    const headline = within(panel).getByText(
      'Waiting: the label printer is offline — it prints when the printer is back',
    );
    expect(headline.className).toContain('result-headline');
    expect(within(panel).queryByText('Printing')).toBeNull();
    expect(panel.textContent).toContain('Printer: Zebra 1 · not reachable');
    // Another event for the same waiting job does not sound again.
    act(() => fake.emit({ type: 'printer', printer: { ...offlineZebra, queueLength: 2 } }));
    expect(sounds.played).toEqual(['attention']);
  });

  it('says so from a failed send too, before the printer state catches up, with the attempts', async () => {
    const fake = new FakeStation();
    fake.scanOutcome = (code, jobId) => [printingJob(jobId, code)];
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    typeAndEnter('ORDER-S');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('printing'));
    expect(panel.getAttribute('data-waiting')).toBeNull();
    act(() =>
      fake.emit({
        type: 'spool',
        job: {
          id: 'sp1',
          printerId: 'zebra-1',
          documentId: 'd1',
          documentKind: 'label',
          format: 'zpl',
          bytes: 10,
          state: 'queued',
          attempts: 3,
          lastError: 'ECONNREFUSED',
          createdAt: BASE_TIME,
          updatedAt: BASE_TIME,
        },
      }),
    );
    expect(panel.getAttribute('data-waiting')).toBe('printer');
    expect(panel.textContent).toContain(
      'Väntar: etikettskrivaren är frånkopplad — den skriver ut när skrivaren är tillbaka',
    );
    expect(panel.textContent).toContain('3 försök hittills');
  });

  it('finds the printer through the spool job when the queued document does not name it yet (as the station sends it)', async () => {
    const fake = new FakeStation();
    fake.status = {
      ...fake.status,
      printers: [{ ...offlineZebra, printerId: 'label', name: 'Label printer' }],
    };
    fake.scanOutcome = (code, jobId) => {
      const job = printingJob(jobId, code);
      const [shipment] = job.shipments;
      const [document] = shipment!.documents;
      const bare = { ...document!, printerId: undefined, printerName: undefined, spoolJobId: undefined };
      fake.spool = [
        {
          id: 'sp-9',
          printerId: 'label',
          documentId: 'd1',
          documentKind: 'label',
          format: 'zpl',
          bytes: 10,
          state: 'queued',
          attempts: 2,
          lastError: 'connect ECONNREFUSED',
          createdAt: BASE_TIME,
          updatedAt: BASE_TIME,
          stationJobId: jobId,
        },
      ];
      setTimeout(() => fake.emit({ type: 'spool', job: fake.spool[0]! }), 0);
      return [{ ...job, shipments: [{ ...shipment!, documents: [bare] }] }];
    };
    await renderApp({ fake });
    typeAndEnter('ORD-1003');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-waiting')).toBe('printer'));
    expect(panel.textContent).toContain('Printer: Label printer · not reachable · 2 attempts so far');
  });

  it('names a printer problem (paper out) and goes back to the calm state once the printer is ready', async () => {
    const fake = new FakeStation();
    fake.status = {
      ...fake.status,
      printers: [{ ...offlineZebra, state: 'error', problems: ['paper_out'] }],
    };
    fake.scanOutcome = (code, jobId) => [printingJob(jobId, code)];
    await renderApp({ fake });
    typeAndEnter('ORDER-P');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-waiting')).toBe('printer'));
    expect(panel.textContent).toContain('Waiting: the label printer has a problem');
    expect(panel.textContent).toContain('out of paper');
    act(() => fake.emit({ type: 'printer', printer: { ...offlineZebra, state: 'ready', problems: [] } }));
    expect(panel.getAttribute('data-waiting')).toBeNull();
    expect(within(panel).getByText('Printing')).toBeTruthy();
  });
});

describe('Status bar and navigation', () => {
  it('shows the account, each printer and the queue, and follows printer events', async () => {
    const { fake } = await renderApp();
    const bar = screen.getByTestId('status-bar');
    expect(within(bar).getByText('Connected')).toBeTruthy();
    expect(within(bar).getByText('Zebra 1')).toBeTruthy();
    expect(within(bar).getByText('Print queue: 0')).toBeTruthy();
    act(() =>
      fake.emit({
        type: 'printer',
        printer: {
          printerId: 'zebra-1',
          name: 'Zebra 1',
          kind: 'zpl-tcp',
          state: 'error',
          problems: ['paper_out'],
          queueLength: 2,
        },
      }),
    );
    expect(within(bar).getByText('Problem')).toBeTruthy();
    expect(within(bar).getByText('out of paper')).toBeTruthy();
    expect(within(bar).getByText('Print queue: 2')).toBeTruthy();
  });

  it('names troubled printers first and the rest as +N, each with its full text in a title', async () => {
    const fake = new FakeStation();
    const printer = (id: string, name: string, state: PrinterStateView['state']): PrinterStateView => ({
      printerId: id,
      name,
      kind: 'zpl-tcp',
      state,
      problems: state === 'offline' ? ['unreachable'] : [],
      queueLength: 0,
    });
    fake.status = {
      ...fake.status,
      printers: [
        printer('a', 'Packing Zebra', 'ready'),
        printer('b', 'Label archive', 'ready'),
        printer('c', 'Document printer (file:documents)', 'ready'),
        printer('d', 'Label printer (tcp://127.0.0.1:46477)', 'offline'),
      ],
    };
    await renderApp({ fake });
    const bar = screen.getByTestId('status-bar');
    const chips = [...bar.querySelectorAll('[data-printer-id]')];
    expect(chips.map((chip) => chip.getAttribute('data-printer-id'))).toEqual(['d', 'a']);
    expect(chips[0]?.getAttribute('title')).toBe(
      'Label printer (tcp://127.0.0.1:46477): Offline, not reachable',
    );
    const more = bar.querySelector('.chip-more') as HTMLElement;
    expect(more.textContent).toBe('+2');
    expect(more.getAttribute('data-hidden-printers')).toBe('b c');
    expect(more.getAttribute('title')).toBe('Label archive: Ready\nDocument printer (file:documents): Ready');
    expect(more.getAttribute('aria-label')).toContain('2 more printers');
  });

  it('calls a printer nobody has checked yet "Not checked yet", in a neutral chip, not "Unknown"', async () => {
    const fake = new FakeStation();
    fake.status = {
      ...fake.status,
      printers: [
        {
          printerId: 'zebra-1',
          name: 'Zebra 1',
          kind: 'zpl-tcp',
          state: 'unknown',
          problems: [],
          queueLength: 0,
        },
      ],
    };
    await renderApp({ fake });
    const chip = screen.getByTestId('status-bar').querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    expect(chip.textContent).toBe('Zebra 1Not checked yet');
    expect(chip.className).toContain('chip-neutral');
    expect(chip.getAttribute('title')).toBe('Zebra 1: Not checked yet');
  });

  it('switches screens with function keys and Alt+number, and has a test id per nav button', async () => {
    await renderApp();
    for (const id of ['nav-scan', 'nav-jobs', 'nav-stored', 'nav-manifest', 'nav-cancel', 'nav-settings']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    fireEvent.keyDown(window, { key: 'F2' });
    expect(screen.getByTestId('nav-jobs').getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(window, { key: '6', altKey: true });
    expect(screen.getByTestId('nav-settings').getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(window, { key: 'F1' });
    expect(screen.getByTestId('scan-input')).toBeTruthy();
  });
});

describe('Connection to the host', () => {
  it('shows the station as unreachable while the event stream is down', async () => {
    await renderApp();
    act(() => {
      window.dispatchEvent(new CustomEvent('packbench:connection', { detail: { connected: false } }));
    });
    expect(within(screen.getByTestId('status-bar')).getByText('Station not reachable')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new CustomEvent('packbench:connection', { detail: { connected: true } }));
    });
    expect(within(screen.getByTestId('status-bar')).queryByText('Station not reachable')).toBeNull();
  });

  it('claims nothing about nShift, the printers or the queue while the station cannot be reached', async () => {
    await renderApp();
    const bar = screen.getByTestId('status-bar');
    expect(bar.textContent).toContain('Connected');
    act(() => {
      window.dispatchEvent(
        new CustomEvent('packbench:connection', { detail: { connected: false, problem: 'unreachable' } }),
      );
    });
    expect(bar.textContent).toContain('Station not reachable');
    expect(bar.textContent).not.toContain('Connected');
    expect(bar.textContent).not.toContain('Ready');
    expect((bar.querySelector('[data-account-state]') as HTMLElement).textContent).toBe('nShiftUnknown');
    expect((bar.querySelector('[data-printer-id="zebra-1"]') as HTMLElement).textContent).toBe(
      'Zebra 1Unknown',
    );
    expect(bar.textContent).toContain('Print queue: unknown');
    act(() => {
      window.dispatchEvent(new CustomEvent('packbench:connection', { detail: { connected: true } }));
    });
    expect(bar.textContent).toContain('Connected');
    expect(bar.textContent).toContain('Ready');
  });

  it('says the page’s access key is out of date when the host refuses its token', async () => {
    await renderApp();
    act(() => {
      window.dispatchEvent(
        new CustomEvent('packbench:connection', { detail: { connected: false, problem: 'token_refused' } }),
      );
    });
    const bar = screen.getByTestId('status-bar');
    expect(bar.textContent).toContain('Page access key out of date');
    expect(bar.textContent).not.toContain('Connected');
  });

  /** Every call refused as the web client refuses them when the host no longer knows the page's token. */
  function tokenRefusedStation(): FakeStation {
    const fake = new FakeStation();
    const refused = () => {
      const message = 'Missing or wrong station token.';
      throw new StationCallError({
        error: 'unauthorized',
        message,
        failure: { reason: 'auth', code: 'station_token_refused', message },
      });
    };
    for (const method of ['getStatus', 'listJobs', 'getSettings', 'listSpool', 'scan'] as const)
      fake.on(method, refused);
    return fake;
  }

  it('with its token refused from the start, the page says its access key is out of date, not "reload"', async () => {
    await renderApp({ fake: tokenRefusedStation() });
    const alert = screen.getByTestId('load-error');
    expect(alert.textContent).toContain('This page’s access key is out of date');
    expect(alert.textContent).toContain('Open the new address Packbench printed');
    expect(alert.textContent).not.toContain('reload this page');
  });

  it('a scan while the station’s settings could not be loaded fails visibly with why, instead of vanishing', async () => {
    const { sounds } = await renderApp({ fake: tokenRefusedStation() });
    typeAndEnter('ORD-1001');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('failed'));
    expect(panel.textContent).toContain('ORD-1001');
    expect(panel.textContent).toContain('its access key is out of date');
    expect(panel.textContent).not.toContain('API key');
    expect(screen.queryByText('Ready to scan')).toBeNull();
    // The sound follows the panel's commit in an effect of its own: on a loaded machine, a moment later.
    await waitFor(() => expect(sounds.played).toEqual(['error']));
  });

  it('a scan refused because the host is gone says Packbench is not running, not that nShift is unreachable', async () => {
    const fake = new FakeStation();
    fake.on('scan', () => {
      const message = 'The web host did not answer scan: Failed to fetch';
      throw new StationCallError({
        error: 'failed',
        message,
        failure: { reason: 'network', code: 'station_unreachable', message },
      });
    });
    await renderApp({ fake });
    typeAndEnter('ORD-1001');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('failed'));
    expect(panel.textContent).toContain('Packbench, the station program, is not running');
    expect(panel.textContent).not.toContain('nShift could not be reached');
  });
});
