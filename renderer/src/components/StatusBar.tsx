import { useTranslation } from 'react-i18next';
import { useStationState } from '../state/context';
import { formatList } from '../i18n/format';

/** Account connection, every printer's state and the queue: on every screen, updated from events. */
export function StatusBar() {
  const { t, i18n } = useTranslation();
  const { status, disconnected } = useStationState();
  return (
    <footer className="status-bar" data-testid="status-bar" aria-label={t('status.label')}>
      {disconnected ? (
        <span className="chip chip-bad" role="status">
          {t('status.disconnected')}
        </span>
      ) : null}
      {status ? (
        <>
          <span className={`chip chip-account chip-${status.account.state === 'connected' ? 'good' : 'bad'}`} data-account-state={status.account.state}>
            <span className="chip-label">{t('status.account')}</span>
            <span>{t(`status.accountState.${status.account.state}`)}</span>
          </span>
          {status.printers.length === 0 ? <span className="chip chip-warn">{t('status.noPrinters')}</span> : null}
          {status.printers.map((printer) => (
            <span
              key={printer.printerId}
              className={`chip chip-${printer.state === 'ready' ? 'good' : printer.state === 'unknown' ? 'neutral' : 'bad'}`}
              data-printer-id={printer.printerId}
              data-printer-state={printer.state}
            >
              <span className="chip-label">{printer.name}</span>
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
                <span className="chip-detail">{t('status.printerQueue', { count: printer.queueLength })}</span>
              ) : null}
            </span>
          ))}
          <span className="chip chip-neutral" data-queue-length={status.queueLength}>
            {t('status.queue', { count: status.queueLength })}
          </span>
          {status.demo ? <span className="chip chip-warn">{t('status.demo')}</span> : null}
        </>
      ) : null}
    </footer>
  );
}
