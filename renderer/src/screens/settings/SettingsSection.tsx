import { useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsPatch } from '../../../../preload/api';
import { Panel } from '../../components/Panel';
import { ActionFeedback } from '../../components/ActionFeedback';
import { FieldErrorsContext } from '../../components/Field';
import { issueVerdicts } from '../../i18n/issue-text';
import type { ActionState } from '../../components/use-action';
import { SettingsSaveContext, useSaveEntry } from './settings-save';

/**
 * A Settings panel that edits one part of the settings: its fields and any `actions` (Add rule, Play test sounds).
 * What it would save is `patch`; the screen's Save bar saves it with every other unsaved section, and Enter in
 * any of its fields does the same. Each field shows the station's verdict on its value under it.
 */
export function SettingsSection({
  id,
  title,
  patch,
  actions,
  children,
}: {
  id: string;
  title: string;
  /** The patch this section would save, read when saving (and to tell whether it has unsaved changes). */
  patch(): SettingsPatch;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const dirty = useSaveEntry(id, title, { patch });
  return (
    <Panel id={id} title={<UnsavedTitle title={title} dirty={dirty} />}>
      <SettingsForm>
        {children}
        {actions ? <div className="row form-actions">{actions}</div> : null}
      </SettingsForm>
    </Panel>
  );
}

/** A section's title, marked while it has changes the Save bar has not saved yet. */
export function UnsavedTitle({ title, dirty }: { title: string; dirty: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {title}
      {dirty ? (
        // Not part of the panel's name (its title, as the index says it): the Save bar says it in words.
        <span className="unsaved-mark" data-testid="unsaved-mark" aria-hidden="true">
          {' '}
          · {t('settings.bar.unsavedMark')}
        </span>
      ) : null}
    </>
  );
}

/** Inputs in which Enter means "done" (not a checkbox or a slider, which Enter does nothing to). */
const TYPED = new Set(['text', 'url', 'number', 'password', 'email', 'search', 'tel']);

/**
 * A section's fields in a form: Enter in any of them saves every unsaved section, as the Save bar does. Said here,
 * not left to the browser: a form of several fields and no submit button is not submitted by Enter. A scanner's
 * Enter never gets here (the scan layer takes it first).
 */
export function SettingsForm({ children }: { children: ReactNode }) {
  const registry = useContext(SettingsSaveContext);
  return (
    <form
      // The station judges the values with the settings schema and says why under each field.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        registry?.saveAll();
      }}
      onKeyDown={(event) => {
        const field = event.target;
        if (event.key !== 'Enter' || event.defaultPrevented || !(field instanceof HTMLInputElement)) return;
        if (!TYPED.has(field.type)) return;
        event.preventDefault();
        registry?.saveAll();
      }}
    >
      {children}
    </form>
  );
}

/**
 * The station's verdicts on the values of a save, each shown under its field (the same schema as settings.json
 * judges them), then the station's answer.
 */
export function SettingsFeedback({ state, children }: { state: ActionState; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const verdicts = useMemo(
    () => issueVerdicts(state.issues ?? [], t, i18n.language),
    [state.issues, t, i18n.language],
  );
  return (
    <FieldErrorsContext.Provider value={verdicts}>
      {children}
      <ActionFeedback state={state} />
    </FieldErrorsContext.Provider>
  );
}
