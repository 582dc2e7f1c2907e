import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { Button } from '../../components/Button';
import { FieldErrorsContext } from '../../components/Field';
import { issueVerdicts } from '../../i18n/issue-text';
import { formatList } from '../../i18n/format';
import { SettingsSaveContext, type SaveEntry, type SaveRegistry } from './settings-save';

/**
 * The one way to save Settings: a bar under the sections that names the sections with unsaved changes and saves
 * them all at once ("Save changes"), or draws them again from the saved settings ("Undo changes"). The station
 * judges all the values of a save together: a refused one is shown under its field, nothing is saved, and the bar
 * names the section to go to. After a save the sections are drawn again from what the station saved.
 *
 * Wherever a Settings section is drawn, this bar saves it: the Settings screen puts every section under one bar,
 * and the first-start setup puts the sections it borrows (the nShift account) under a bar of their own, so a
 * section has one form and one way to save, in Settings or not.
 */
export function SaveBar({
  group,
  onShow = showSection,
  children,
}: {
  /** The group of Settings on screen: the bar says when unsaved sections are in another (none outside Settings). */
  group?: string;
  /** Brings a section the bar names into view (default: its heading, scrolled to and focused). */
  onShow?(section: string): void;
  children(version: number): ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { api, store } = useServices();
  const entries = useRef(new Map<string, SaveEntry>());
  /** The sections with unsaved changes, as the bar names them. */
  const [unsaved, setUnsaved] = useState<Named[]>([]);
  /** The sections a refused save's verdicts are in, to go to them. */
  const [refused, setRefused] = useState<Named[]>([]);
  const [version, setVersion] = useState(0);
  const [state, run, reset] = useAction();
  const saveAll = useRef<() => Promise<void>>(async () => undefined);

  const registry = useMemo<SaveRegistry>(
    () => ({
      set(id, entry) {
        if (entry) entries.current.set(id, entry);
        else entries.current.delete(id);
        const dirty = named(entries.current, (candidate) => candidate.dirty);
        setUnsaved((current) => (JSON.stringify(current) === JSON.stringify(dirty) ? current : dirty));
      },
      saveAll: () => void saveAll.current(),
    }),
    [],
  );

  useLayoutEffect(() => {
    saveAll.current = async () => {
      const dirty = [...entries.current.values()].filter((entry) => entry.dirty);
      if (dirty.length === 0) return;
      const patches = dirty.flatMap((entry) => (entry.patch ? [entry.patch()] : []));
      const savers = dirty.flatMap((entry) => (entry.save ? [entry.save] : []));
      setRefused([]);
      const saved = await run(
        async () => {
          let view: SettingsView | undefined;
          if (patches.length > 0) {
            view = await api.saveSettings(Object.assign({}, ...patches));
            store.setSettings(view);
          }
          for (const save of savers) {
            view = await save();
            store.setSettings(view);
          }
          return view;
        },
        // Said when shown: the message follows a language switch.
        (_view, shownIn) => shownIn('settings.saved'),
      );
      // Drawn again from what the station saved: no section is marked unsaved any more, and no secret stays. The
      // sections come from the screen's last render: once the screen has the saved settings, not before.
      if (!saved) return;
      await store.notified();
      setVersion((current) => current + 1);
    };
  });

  // A refused save: the sections whose settings hold a refused value (by the first key of its path).
  const issues = state.issues;
  useEffect(() => {
    if (!issues) return;
    setRefused(
      named(entries.current, (entry) => {
        const keys = Object.keys(entry.patch?.() ?? {});
        return issues.some((issue) => keys.includes(issue.path.split('.')[0] ?? ''));
      }),
    );
  }, [issues]);

  const verdicts = useMemo(() => issueVerdicts(issues ?? [], t, i18n.language), [issues, t, i18n.language]);
  // A panel may save in two parts (the nShift account's address and its key): named once.
  const titles = (list: Named[]) =>
    formatList([...new Set(list.map((section) => section.title))], i18n.language);
  const elsewhere = group !== undefined && unsaved.some((section) => section.group !== group);

  return (
    <SettingsSaveContext.Provider value={registry}>
      <FieldErrorsContext.Provider value={verdicts}>
        <div className="settings-sections">
          {children(version)}
          <div
            className="settings-save-bar"
            role="region"
            aria-label={t('settings.bar.label')}
            data-testid="settings-save-bar"
            data-pending={unsaved.length > 0}
            // In sight while there is something to save or the station's answer to read.
            data-sticky={
              unsaved.length > 0 ||
              refused.length > 0 ||
              state.busy ||
              state.done !== undefined ||
              state.failure !== undefined ||
              state.invalid !== undefined
            }
          >
            {refused.length > 0 ? (
              <div className="alert alert-error" role="alert">
                <p>{t('settings.bar.refused', { sections: titles(refused) })}</p>
                <div className="row">
                  {refused.map((section) => (
                    <Button key={section.id} tone="quiet" onClick={() => onShow(section.id)}>
                      {t('settings.bar.goTo', { section: section.title })}
                    </Button>
                  ))}
                </div>
              </div>
            ) : (
              <ActionFeedback state={state} />
            )}
            <div className="row settings-save-row">
              <p className="settings-unsaved" data-testid="settings-unsaved" data-count={unsaved.length}>
                {unsaved.length === 0
                  ? t('settings.bar.nothing')
                  : t('settings.bar.unsaved', { sections: titles(unsaved) })}
                {elsewhere ? ` ${t('settings.bar.elsewhere')}` : null}
              </p>
              <Button
                tone="primary"
                busy={state.busy}
                // Not `disabled`: a focused button that becomes disabled swallows every key in Chromium.
                aria-disabled={unsaved.length === 0 || undefined}
                onClick={() => void saveAll.current()}
              >
                {t('settings.bar.save')}
              </Button>
              <Button
                tone="quiet"
                aria-disabled={unsaved.length === 0 || undefined}
                onClick={() => {
                  if (unsaved.length === 0) return;
                  reset();
                  setRefused([]);
                  setVersion((current) => current + 1);
                }}
              >
                {t('settings.bar.undo')}
              </Button>
            </div>
          </div>
        </div>
      </FieldErrorsContext.Provider>
    </SettingsSaveContext.Provider>
  );
}

/** A section as the bar names it. */
interface Named {
  id: string;
  title: string;
  group: string;
}

/** The sections that `which` picks, in the order they registered (the order they are drawn). */
function named(entries: ReadonlyMap<string, SaveEntry>, which: (entry: SaveEntry) => boolean): Named[] {
  return [...entries]
    .filter(([, entry]) => which(entry))
    .map(([id, entry]) => ({ id, title: entry.title, group: entry.group }));
}

/** A section's heading brought into view with the keyboard on it (`${id}-title`, as every Settings panel has). */
export function showSection(section: string): void {
  const heading = document.getElementById(`${section}-title`);
  heading?.scrollIntoView?.({ block: 'start' });
  heading?.focus();
}
