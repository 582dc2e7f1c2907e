import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrinterStateView, StationStatus } from '../../../preload/api';
import { useStationState } from '../state/context';
import { formatList } from '../i18n/format';
import { DemoFaults } from './DemoFaults';
import { KEY_SHEET_KEY } from './Nav';
import { printerName } from './printer-name';

/**
 * Printer chips shown by name; a station with more shows the rest as "+N" (their names and states in its title).
 * The ones needing the packer come first, so the printer to walk to is always among those named. A window under
 * 1024 px names two: each chip is whole, so every one more would be another line taken from the screen above.
 */
export const MAX_PRINTER_CHIPS = 3;
export const MAX_PRINTER_CHIPS_NARROW = 2;
const NARROW = '(max-width: 1023px)';

function narrowQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : undefined;
}
function onNarrowChange(changed: () => void): () => void {
  const query = narrowQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
}
const isNarrow = (): boolean => narrowQuery()?.matches ?? false;

/** Whether the window is narrow (800 px): followed as it is resized. */
function useNarrow(): boolean {
  return useSyncExternalStore(onNarrowChange, isNarrow);
}

function needsAttention(printer: PrinterStateView): boolean {
  return printer.state === 'offline' || printer.state === 'error' || printer.problems.length > 0;
}

/** The last status with nothing in it claimed: the account and every printer unknown, no problems listed. */
function unknownWhileUnreachable(status: StationStatus): StationStatus {
  return {
    ...status,
    account: { ...status.account, state: 'unknown' },
    printers: status.printers.map((printer) => ({
      ...printer,
      state: 'unknown',
      problems: [],
      queueLength: 0,
    })),
  };
}

/**
 * The problem words a chip shows beside its state word: those that only say the state again are left out. Finnish
 * says an offline printer is "Ei yhteyttä" and that it cannot be reached "ei yhteyttä": one chip read "Ei yhteyttä ·
 * ei yhteyttä". Judged on the words, not the codes: English "Offline" and "not reachable" are two facts to read.
 */
function problemWordsBeside(state: string, problems: readonly string[], language: string): string[] {
  const same = (word: string) => word.localeCompare(state, language, { sensitivity: 'accent' }) === 0;
  return problems.filter((word) => !same(word));
}

function ProblemWords({ words }: { words: string | undefined }) {
  return words ? <span className="chip-detail">{words}</span> : null;
}

function chipTone(printer: PrinterStateView): string {
  if (printer.state === 'ready') return 'good';
  if (printer.state === 'unknown') return 'neutral';
  return 'bad';
}

/**
 * The station's name, the account connection, every printer's state and the queue: on every screen, updated from
 * events, each chip whole (two lines where one is too narrow). Printers with a problem come first, so an overflow
 * never hides the one the packer has to walk to.
 * While the station cannot be reached, what it said last is no longer known: no chip claims "Connected" or
 * "Ready" then, so the packer is not sent to check nShift or the printer when it is the station that is gone.
 */
export function StatusBar({ onKeys }: { onKeys(): void }) {
  const { t, i18n } = useTranslation();
  const { status: lastStatus, connectionProblem } = useStationState();
  const status = lastStatus && connectionProblem ? unknownWhileUnreachable(lastStatus) : lastStatus;
  // Printers needing the packer first, and of those (and of the rest) the label printer, which every scan needs.
  const rank = (printer: PrinterStateView): number =>
    Number(needsAttention(printer)) * 2 + Number(printer.printerId === status?.labelPrinterId);
  const printers = status ? [...status.printers].sort((a, b) => rank(b) - rank(a)) : [];
  const max = useNarrow() ? MAX_PRINTER_CHIPS_NARROW : MAX_PRINTER_CHIPS;
  const shown = printers.length > max ? printers.slice(0, max - 1) : printers;
  const hidden = printers.slice(shown.length);

  // "Not checked yet" would promise a check: while the station is away, nobody is checking.
  const printerState = (printer: PrinterStateView): string =>
    connectionProblem ? t('status.notKnown') : t(`status.printerState.${printer.state}`);

  const problemWords = (printer: PrinterStateView): string | undefined => {
    const words = problemWordsBeside(
      printerState(printer),
      printer.problems.map((p) => t(`printerProblem.${p}`)),
      i18n.language,
    );
    return words.length > 0 ? formatList(words, i18n.language) : undefined;
  };

  function describe(printer: PrinterStateView): string {
    const parts = [printerState(printer)];
    const problems = problemWords(printer);
    if (problems) parts.push(problems);
    if (printer.queueLength > 0) parts.push(t('status.printerQueue', { count: printer.queueLength }));
    return `${printerName(t, printer.name)}: ${parts.join(', ')}`;
  }

  return (
    <footer className="status-bar" data-testid="status-bar" aria-label={t('status.label')}>
      {status ? (
        <span className="chip chip-station" data-testid="station-name">
          <span className="chip-label">{t('stationName.label')}</span>
          <span>{status.stationName}</span>
        </span>
      ) : null}
      {connectionProblem ? (
        <span className="chip chip-bad" role="status" data-connection-problem={connectionProblem}>
          {t(connectionProblem === 'token_refused' ? 'status.tokenRefused' : 'status.disconnected')}
        </span>
      ) : null}
      {status ? (
        <>
          <span
            className={`chip chip-account chip-${status.account.state === 'connected' ? 'good' : connectionProblem ? 'neutral' : 'bad'}`}
            data-account-state={status.account.state}
          >
            <span className="chip-label">{t('status.account')}</span>
            <span>{t(`status.accountState.${status.account.state}`)}</span>
          </span>
          {status.printers.length === 0 ? (
            <span className="chip chip-warn">{t('status.noPrinters')}</span>
          ) : null}
          {shown.map((printer) => (
            <span
              key={printer.printerId}
              className={`chip chip-printer chip-${chipTone(printer)}`}
              data-printer-id={printer.printerId}
              data-printer-state={printer.state}
              title={describe(printer)}
            >
              <span className="chip-label chip-name">{printerName(t, printer.name)}</span>
              <span>{printerState(printer)}</span>
              <ProblemWords words={problemWords(printer)} />
              {printer.queueLength > 0 ? (
                <span className="chip-detail">
                  {t('status.printerQueue', { count: printer.queueLength })}
                </span>
              ) : null}
            </span>
          ))}
          {hidden.length > 0 ? (
            <span
              className={`chip chip-more chip-${hidden.some(needsAttention) ? 'bad' : 'neutral'}`}
              data-hidden-printers={hidden.map((printer) => printer.printerId).join(' ')}
              title={hidden.map(describe).join('\n')}
              aria-label={t('status.morePrinters', {
                count: hidden.length,
                list: hidden.map(describe).join('; '),
              })}
            >
              +{hidden.length}
            </span>
          ) : null}
          {connectionProblem ? (
            <span className="chip chip-neutral" data-queue-length="unknown">
              {t('status.queueUnknown')}
            </span>
          ) : (
            <span className="chip chip-neutral" data-queue-length={status.queueLength}>
              {t('status.queue', { count: status.queueLength })}
            </span>
          )}
          {status.demo ? <DemoFaults fault={status.demoPrinterFault ?? 'none'} /> : null}
        </>
      ) : null}
      <button
        type="button"
        className="chip chip-neutral chip-button chip-keys"
        data-testid="keys-button"
        aria-keyshortcuts={KEY_SHEET_KEY}
        onClick={onKeys}
      >
        {t('keys.button')}
        <kbd>{KEY_SHEET_KEY}</kbd>
      </button>
    </footer>
  );
}
