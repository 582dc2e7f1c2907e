// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PrinterStateView, StationStatus } from '../../../preload/api';
import { readiness, scanRefusal } from '../../../renderer/src/state/readiness';
import { StationCallError } from '../../../renderer/src/api/errors';
import { defaultStatus, readyZebra } from './fake-api';

const zebra = (over: Partial<PrinterStateView> = {}): PrinterStateView => ({ ...readyZebra(), ...over });

function status(over: Partial<StationStatus> = {}): StationStatus {
  return { ...defaultStatus(), printers: [zebra()], labelPrinterId: 'zebra-1', ...over };
}

describe('readiness: whether a scan made now can succeed', () => {
  it('is ready with a key nShift accepted and a label printer that is not known to be down', () => {
    expect(readiness({ status: status() })).toEqual({
      ready: true,
      labelPrinter: zebra(),
      missingLicenses: [],
    });
    // Nobody has checked the printer yet: not known to be down.
    expect(readiness({ status: status({ printers: [zebra({ state: 'unknown' })] }) }).ready).toBe(true);
  });

  it('is not ready on a fresh station: no key comes first, and its one thing to do is entering the key', () => {
    const fresh = status({ account: { state: 'not_configured' }, printers: [], labelPrinterId: undefined });
    expect(readiness({ status: fresh })).toMatchObject({
      ready: false,
      problem: 'auth_missing_key',
      action: 'setup_key',
      failure: { code: 'auth_missing_key' },
    });
  });

  it.each([
    ['unauthorized', 'auth_invalid_key', 'setup_key', 'auth_invalid_key'],
    ['offline', 'nshift_unreachable', 'check_connection', 'network_unreachable'],
    ['forbidden', 'access_denied', 'check_connection', 'access_missing_license'],
  ] as const)('account %s: %s, to do %s, a scan fails with %s', (state, problem, action, code) => {
    expect(readiness({ status: status({ account: { state } }) })).toMatchObject({
      ready: false,
      problem,
      action,
      failure: { code },
    });
  });

  it('waits while the key is being checked, claiming no failure', () => {
    const checking = readiness({ status: status({ account: { state: 'unknown' } }) });
    expect(checking).toEqual({ ready: false, problem: 'checking_key', action: 'none' });
  });

  it('is ready with licences missing for some of what a station does, and names them', () => {
    const partly = readiness({
      status: status({ account: { state: 'forbidden', missingLicenses: ['REST API Stored shipments'] } }),
    });
    expect(partly).toMatchObject({ ready: true, missingLicenses: ['REST API Stored shipments'] });
  });

  it('is not ready without a label printer, and that alone keeps a scan from being sent', () => {
    const none = readiness({ status: status({ labelPrinterId: undefined }) });
    expect(none).toMatchObject({ ready: false, problem: 'no_label_printer', action: 'setup_printer' });
    expect(scanRefusal(none)).toMatchObject({
      reason: 'printer',
      code: 'no_printer',
      detail: 'no_label_printer',
    });
    // Every other problem leaves the judging to the station: the scan is sent.
    expect(scanRefusal(readiness({ status: status({ account: { state: 'not_configured' } }) }))).toBe(
      undefined,
    );
    expect(scanRefusal(readiness({ status: status() }))).toBeUndefined();
  });

  it('is not ready while the label printer is offline or reports a problem, naming that printer', () => {
    const offline = zebra({ state: 'offline', problems: ['unreachable'] });
    expect(readiness({ status: status({ printers: [offline] }) })).toEqual({
      ready: false,
      problem: 'label_printer_offline',
      printer: offline,
      action: 'none',
    });
    const paperOut = zebra({ state: 'error', problems: ['paper_out'] });
    expect(readiness({ status: status({ printers: [paperOut] }) })).toMatchObject({
      problem: 'label_printer_error',
      printer: paperOut,
    });
  });

  it('judges only the label printer: another printer offline does not stop scans', () => {
    const laser = zebra({ printerId: 'laser', name: 'Laser', state: 'offline' });
    expect(readiness({ status: status({ printers: [zebra(), laser] }) }).ready).toBe(true);
  });

  it('puts the station before everything: what it said last is not known while it does not answer', () => {
    expect(readiness({ status: status(), connectionProblem: 'unreachable' })).toMatchObject({
      ready: false,
      problem: 'station_unreachable',
      failure: { code: 'station_unreachable' },
    });
    expect(readiness({ status: status(), connectionProblem: 'token_refused' })).toMatchObject({
      problem: 'station_token_refused',
      failure: { code: 'station_token_refused' },
      action: 'none',
    });
  });

  it('reads a first load that failed: a refused token, or a station that never answered (try again)', () => {
    const refused = new StationCallError({
      error: 'unauthorized',
      message: 'Missing or wrong station token.',
    });
    expect(readiness({ loadError: refused })).toMatchObject({ problem: 'station_token_refused' });
    expect(readiness({ loadError: new TypeError('Failed to fetch') })).toMatchObject({
      problem: 'station_unreachable',
      action: 'reload',
    });
  });

  it('is starting before the station has said anything', () => {
    expect(readiness({})).toEqual({ ready: false, problem: 'starting', action: 'none' });
  });
});
