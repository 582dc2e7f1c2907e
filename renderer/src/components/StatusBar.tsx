import { useTranslation } from 'react-i18next';
import type { PrinterStateView } from '../../../preload/api';
import { useStationState } from '../state/context';
import { formatList } from '../i18n/format';

/** More printer chips than this would push the bar onto a second line at 1280 px: the rest become "+N". */
export const MAX_PRINTER_CHIPS = 3;

function needsAttention(printer: PrinterStateView): boolean {
  return printer.state === 'offline' || printer.state === 'error' || printer.problems.length > 0;
}

function chipTone(printer: PrinterStateView): string {
  if (printer.state === 'ready') return 'good';
  if (printer.state === 'unknown') return 'neutral';
  return 'bad';
}

/**
 * Account connection, every printer's state and the queue: on every screen, one line, updated from events.
 * Printers with a problem come first, so an overflow never hides the one the packer has to walk to.
 */
export function StatusBar() {
  const { t, i18n } = useTranslation();
  const { status, disconnected } = useStationState();
  const printers = status
    ? [...status.printers].sort((a, b) => Number(needsAttention(b)) - Number(needsAttention(a)))
    : [];
  const shown = printers.length > MAX_PRINTER_CHIPS ? printers.slice(0, MAX_PRINTER_CHIPS - 1) : printers;
  const hidden = printers.slice(shown.length);

  function describe(printer: PrinterStateView): string {
    const parts = [t(`status.printerState.${printer.state}`)];
    if (printer.problems.length > 0)
      parts.push(
        formatList(
          printer.problems.map((p) => t(`printerProblem.${p}`)),
          i18n.language,
        ),
      );
    if (printer.queueLength > 0) parts.push(t('status.printerQueue', { count: printer.queueLength }));
    return `${printer.name}: ${parts.join(', ')}`;
  }

  return (
    <footer className="status-bar" data-testid="status-bar" aria-label={t('status.label')}>
      {disconnected ? (
        <span className="chip chip-bad" role="status">
          {t('status.disconnected')}
        </span>
      ) : null}
      {status ? (
        <>
          <span
            className={`chip chip-account chip-${status.account.state === 'connected' ? 'good' : 'bad'}`}
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
              <span className="chip-label chip-name">{printer.name}</span>
              <span>{t(`status.printerState.${printer.state}`)}</span>
              {printer.problems.length > 0 ? (
                <span className="chip-detail">
                  {formatList(
                    printer.problems.map((p) => t(`printerProblem.${p}`)),
                    i18n.language,
                  )}
                </span>
              ) : null}
              {printer.queueLength > 0 ? (
                <span className="chip-detail">
                  {t('status.printerQueue', { count: printer.queueLength })}
                </span>
              ) : null}
            </span>
          ))}
          {hidden.length > 0 ? (
            <span
              className="chip chip-neutral chip-more"
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
          <span className="chip chip-neutral" data-queue-length={status.queueLength}>
            {t('status.queue', { count: status.queueLength })}
          </span>
          {status.demo ? <span className="chip chip-warn">{t('status.demo')}</span> : null}
        </>
      ) : null}
    </footer>
  );
}
