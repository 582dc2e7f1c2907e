// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeStation, firstStartStatus, readyZebra, refusedCall } from './fake-api';
import { renderApp } from './render-app';
import { SETUP_LEFT_STORAGE_KEY } from '../../../renderer/src/screens/SetupScreen';

// The fresh station below would open its setup first: these tests are about the Scan screen the admin left it for.
beforeEach(() => localStorage.setItem(SETUP_LEFT_STORAGE_KEY, '1'));
afterEach(() => {
  cleanup();
  localStorage.removeItem(SETUP_LEFT_STORAGE_KEY);
});

function typeAndEnter(code: string): void {
  const input = screen.getByTestId('scan-input');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.closest('form') as HTMLFormElement);
}

/** A station as it is first started, whose scans the station refuses for want of a key. */
function freshStation(): FakeStation {
  const fake = new FakeStation();
  fake.status = firstStartStatus();
  fake.on('scan', () => {
    throw refusedCall({
      error: 'failed',
      message: 'No key',
      failure: { reason: 'auth', code: 'auth_missing_key', message: 'No key' },
    });
  });
  return fake;
}

const zebra = readyZebra();

describe('The Scan screen says "Ready to scan" only when a scan can succeed (issue 29, point 1)', () => {
  it('is ready, and names where labels print, on a station with its key accepted and a label printer', async () => {
    await renderApp();
    const panel = screen.getByTestId('last-result');
    expect(panel.getAttribute('data-ready')).toBe('true');
    expect(within(panel).getByText('Ready to scan')).toBeTruthy();
    expect(within(panel).getByTestId('labels-print-on').textContent).toBe('Labels print on Zebra 1.');
  });

  it('on a fresh station says what is missing and offers the one thing to do, never "Ready to scan"', async () => {
    await renderApp({ fake: freshStation() });
    const panel = screen.getByTestId('last-result');
    expect(panel.getAttribute('data-ready')).toBe('false');
    expect(panel.getAttribute('data-problem')).toBe('auth_missing_key');
    expect(panel.className).toContain('result-notready');
    expect(within(panel).queryByText('Ready to scan')).toBeNull();
    expect(panel.textContent).toContain('Not ready to scan');
    expect(panel.textContent).toContain('No nShift API key yet');
    expect(panel.textContent).toContain('No nShift API key is set up on this station.');
    expect(within(panel).getByTestId('readiness-action').textContent).toBe('Enter the API key');
  });

  it('still takes a scan while not ready: the station’s failure says it in the same words', async () => {
    const { fake } = await renderApp({ fake: freshStation() });
    typeAndEnter('ORD-1001');
    const panel = screen.getByTestId('last-result');
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('failed'));
    expect(fake.callsOf('scan')).toEqual([{ code: 'ORD-1001' }]);
    expect(panel.textContent).toContain('ORD-1001');
    expect(panel.textContent).toContain('No nShift API key is set up on this station.');
  });

  it('with no label printer, a scan is shown refused in the panel’s words and never sent to be booked', async () => {
    const fake = new FakeStation();
    fake.status = { ...fake.status, labelPrinterId: undefined };
    await renderApp({ fake });
    const panel = screen.getByTestId('last-result');
    expect(panel.getAttribute('data-problem')).toBe('no_label_printer');
    const said = 'No label printer is set up on this station, so the scan was not sent: nothing was booked.';
    expect(panel.textContent).toContain(said);
    expect(within(panel).getByTestId('readiness-action').textContent).toBe('Set up the label printer');

    typeAndEnter('ORD-1001');
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('failed'));
    expect(fake.callsOf('scan')).toEqual([]);
    expect(panel.textContent).toContain('ORD-1001');
    expect(panel.textContent).toContain(said);
  });

  it('follows the label printer: offline, paper out, then ready again, each said at once', async () => {
    const fake = new FakeStation();
    fake.status = { ...fake.status, printers: [zebra] };
    await renderApp({ fake });
    const panel = screen.getByTestId('last-result');
    act(() =>
      fake.emit({ type: 'printer', printer: { ...zebra, state: 'offline', problems: ['unreachable'] } }),
    );
    expect(panel.getAttribute('data-problem')).toBe('label_printer_offline');
    expect(panel.textContent).toContain('The label printer is offline');
    expect(panel.textContent).toContain('Zebra 1 does not answer.');

    act(() => fake.emit({ type: 'printer', printer: { ...zebra, state: 'error', problems: ['paper_out'] } }));
    expect(panel.textContent).toContain('The label printer has a problem');
    expect(panel.textContent).toContain('Zebra 1: out of paper.');

    act(() => fake.emit({ type: 'printer', printer: zebra }));
    expect(panel.getAttribute('data-ready')).toBe('true');
    expect(within(panel).getByText('Ready to scan')).toBeTruthy();
  });

  it('says nShift cannot be reached, and checks again when asked', async () => {
    const fake = new FakeStation();
    fake.status = { ...fake.status, account: { state: 'offline' } };
    await renderApp({ fake });
    const panel = screen.getByTestId('last-result');
    expect(panel.textContent).toContain('nShift cannot be reached');
    fireEvent.click(within(panel).getByTestId('readiness-action'));
    await waitFor(() => expect(fake.callsOf('testConnection')).toHaveLength(1));
  });

  it('reads in Swedish', async () => {
    const fake = freshStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    const panel = screen.getByTestId('last-result');
    expect(panel.textContent).toContain('Inte redo att skanna');
    expect(panel.textContent).toContain('Ingen nShift API-nyckel än');
    expect(within(panel).getByTestId('readiness-action').textContent).toBe('Ange API-nyckeln');
  });

  it('names the label printer the station names itself in Swedish, ready or away, the address as it is', async () => {
    const fake = new FakeStation();
    const label = { ...zebra, printerId: 'label', name: 'Label printer (tcp://127.0.0.1:9100)' };
    fake.settings = { ...fake.settings, language: 'sv' };
    fake.status = { ...fake.status, printers: [label], labelPrinterId: 'label' };
    await renderApp({ fake, language: 'sv' });
    const panel = screen.getByTestId('last-result');
    expect(within(panel).getByTestId('labels-print-on').textContent).toBe(
      'Etiketter skrivs ut på Etikettskrivare (tcp://127.0.0.1:9100).',
    );
    act(() =>
      fake.emit({ type: 'printer', printer: { ...label, state: 'offline', problems: ['unreachable'] } }),
    );
    expect(panel.textContent).toContain('Etikettskrivare (tcp://127.0.0.1:9100) svarar inte.');
    act(() => fake.emit({ type: 'printer', printer: { ...label, state: 'error', problems: ['paper_out'] } }));
    expect(panel.textContent).toContain('Etikettskrivare (tcp://127.0.0.1:9100): ');
    expect(panel.textContent).not.toContain('Label printer');
  });
});
