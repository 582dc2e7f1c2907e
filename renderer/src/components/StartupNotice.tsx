import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartupWarning, StartupWarnings } from '../../../preload/api';
import { useServices } from '../state/context';

/** Where the start the supervisor hid the notice for is remembered: a reload does not bring it back, a restart does. */
export const STARTUP_NOTICE_HIDDEN_KEY = 'packbench.startupNoticeHidden';

/**
 * What the station's start found that the supervisor must know (a settings file set aside, a damaged journal,
 * unreadable spool records, a saved secret the vault has a word about: `getStartupWarnings`), said in the page's
 * language with what to do, and the station's English words closed under "For IT". Calm, above the screen: one line
 * until opened (at 800×600 the list open would push the Scan screen's result out of sight), it takes no focus and
 * holds no scan back. Hidden for this start with its button; a start that finds something again shows it again
 * (each start has its own `startedAt`).
 */
export function StartupNotice() {
  const { t } = useTranslation();
  const { api } = useServices();
  const headingId = useId();
  const [found, setFound] = useState<StartupWarnings | undefined>();
  const [hiddenFor, setHiddenFor] = useState<string | undefined>(readHidden);
  useEffect(() => {
    let current = true;
    // A station that cannot say (a host of an older version, the station gone) has nothing to show: the log has it.
    api
      .getStartupWarnings()
      .then((answer) => {
        if (current) setFound(answer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api]);
  if (!found || found.warnings.length === 0 || hiddenFor === found.startedAt) return null;
  function hide(startedAt: string): void {
    setHiddenFor(startedAt);
    try {
      localStorage.setItem(STARTUP_NOTICE_HIDDEN_KEY, startedAt);
    } catch {
      // Storage may be disabled (kiosk profiles): this page still remembers.
    }
  }
  return (
    <section
      className="alert alert-warn startup-notice"
      aria-labelledby={headingId}
      data-testid="startup-notice"
    >
      <details className="startup-notice-details">
        <summary>
          <h2 id={headingId} className="startup-notice-title">
            {t('startup.title')}
          </h2>{' '}
          <span className="startup-notice-count">({found.warnings.length})</span>
        </summary>
        <ul className="startup-notice-list">
          {found.warnings.map((warning, index) => (
            <li key={`${warning.code}-${index}`} data-warning-code={warning.code}>
              <WarningText warning={warning} />
              <details className="technical failure-for-it">
                <summary>{t('failure.forIt')}</summary>
                <p className="mono">{warning.message}</p>
              </details>
            </li>
          ))}
        </ul>
      </details>
      <button type="button" className="button button-quiet" onClick={() => hide(found.startedAt)}>
        {t('startup.dismiss')}
      </button>
    </section>
  );
}

/** One warning in words: what happened (with where, for a file) and what to do. */
function WarningText({ warning }: { warning: StartupWarning }) {
  const { t } = useTranslation();
  const what = t(`startup.codes.${warning.code}.what`, warning.params);
  const todo = t(`startup.codes.${warning.code}.todo`, warning.params);
  const more =
    warning.code === 'settings_unreadable' && warning.params.line !== undefined
      ? t('startup.where', { line: warning.params.line, column: warning.params.column })
      : warning.code === 'secret_vault'
        ? t(`secrets.vault.${warning.params.vault}`, { file: warning.params.file })
        : undefined;
  return (
    <>
      <p className="startup-notice-what">
        {what}
        {more ? ` ${more}` : null}
      </p>
      <p className="startup-notice-todo">{todo}</p>
    </>
  );
}

function readHidden(): string | undefined {
  try {
    return localStorage.getItem(STARTUP_NOTICE_HIDDEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
