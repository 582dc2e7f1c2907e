import { useTranslation } from 'react-i18next';
import type { Readiness, ReadinessAction } from '../state/readiness';
import { formatList } from '../i18n/format';
import { StateIcon } from './Icon';
import { FailureDetails } from './FailureDetails';
import { printerName } from './printer-name';

/** Problems that pass by themselves in a moment: said calmly, in the colours of work in progress. */
const PASSING = new Set(['starting', 'checking_key']);

/** The Scan screen panel's look before a scan: ready, a moment's wait, or not ready. */
export function readinessTone(state: Readiness): 'idle' | 'resolving' | 'notready' {
  if (state.ready) return 'idle';
  return PASSING.has(state.problem) ? 'resolving' : 'notready';
}

/**
 * What the Scan screen says before a scan: "Ready to scan" (and where labels print) only when a scan can succeed;
 * otherwise what is missing, in the words a scan made now would fail with, and the one thing to do about it.
 */
export function ReadinessPanel({
  state,
  onAction,
}: {
  state: Readiness;
  onAction(action: ReadinessAction): void;
}) {
  const { t, i18n } = useTranslation();
  if (state.ready)
    return (
      <div className="result-body">
        <p className="result-headline">{t('scan.ready')}</p>
        <p className="result-hint">{t('scan.readyHint')}</p>
        {state.labelPrinter ? (
          <p className="result-hint" data-testid="labels-print-on">
            {t('readiness.labelsOn', { printer: printerName(t, state.labelPrinter.name) })}
          </p>
        ) : null}
        {state.missingLicenses.length > 0 ? (
          <p className="result-hint">
            {t('readiness.missingLicenses', { list: formatList(state.missingLicenses, i18n.language) })}
          </p>
        ) : null}
      </div>
    );
  const { problem, failure, printer, action } = state;
  const problems = printer?.problems.filter((p) => p !== 'unreachable') ?? [];
  return (
    <>
      <StateIcon state={PASSING.has(problem) ? 'resolving' : 'waiting'} size={88} />
      <div className="result-body">
        <p className="result-overline">{t('readiness.notReady')}</p>
        <p className="result-headline result-headline-long">{t(`readiness.headline.${problem}`)}</p>
        {problem === 'starting' ? <p className="result-hint">{t('readiness.starting')}</p> : null}
        {problem === 'checking_key' ? <p className="result-hint">{t('readiness.checking')}</p> : null}
        {failure ? <FailureDetails failure={failure} /> : null}
        {printer ? (
          <>
            <p className="result-detail">
              {problems.length > 0
                ? t('readiness.printerError', {
                    printer: printerName(t, printer.name),
                    problems: formatList(
                      problems.map((p) => t(`printerProblem.${p}`)),
                      i18n.language,
                    ),
                  })
                : t('readiness.printerOffline', { printer: printerName(t, printer.name) })}
            </p>
            <p className="result-todo">{t('readiness.printerTodo')}</p>
          </>
        ) : null}
        {action !== 'none' ? (
          <div className="result-actions">
            <button
              type="button"
              className="button button-primary"
              data-testid="readiness-action"
              data-action={action}
              onClick={() => onAction(action)}
            >
              {t(`readiness.action.${action}`)}
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
