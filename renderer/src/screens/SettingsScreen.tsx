import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { useAction } from '../components/use-action';
import { ActionFeedback } from '../components/ActionFeedback';
import { Button } from '../components/Button';
import { FieldErrorsContext } from '../components/Field';
import { useScreenFocus } from '../components/use-screen-focus';
import { issueVerdicts } from '../i18n/issue-text';
import { formatList } from '../i18n/format';
import { AccountSection } from './settings/AccountSection';
import { PrintersSection } from './settings/PrintersSection';
import { RoutingSection } from './settings/RoutingSection';
import { PrintConfigSection } from './settings/PrintConfigSection';
import { StatusEventsSection } from './settings/StatusEventsSection';
import { CheckoutSection } from './settings/CheckoutSection';
import {
  LanguageSection,
  ManifestTypesSection,
  ScannerSection,
  SoundsSection,
} from './settings/SmallSections';
import { ConsolidationSection, HoldSection, ResolveSection } from './settings/AdminSections';
import {
  SettingsGroupContext,
  SettingsSaveContext,
  type SaveEntry,
  type SaveRegistry,
} from './settings/settings-save';

/**
 * The groups of Settings and their sections, in the order the index lists them: an admin finds a section by its
 * title in one look, and opens its group with one click. Each section's id is its panel's (`${id}-title` is its
 * heading). Tests reach a section through the index by its title.
 */
export const SETTINGS_GROUPS = [
  { id: 'station', sections: ['language', 'sounds'] },
  {
    id: 'nshift',
    sections: ['account', 'manifest-types', 'status-events', 'checkout', 'checkout-credentials'],
  },
  { id: 'printers', sections: ['printers', 'routing', 'print-config', 'hold'] },
  { id: 'scanning', sections: ['scanner', 'resolve', 'consolidation'] },
] as const;

export type SettingsGroup = (typeof SETTINGS_GROUPS)[number]['id'];
type SectionId = (typeof SETTINGS_GROUPS)[number]['sections'][number];

/** Each section's title key: the index names it exactly as its panel does. */
export const SECTION_TITLES: Record<SectionId, string> = {
  language: 'settings.language.title',
  sounds: 'settings.sounds.title',
  account: 'settings.account.title',
  'manifest-types': 'settings.manifest.title',
  'status-events': 'statusEvents.title',
  checkout: 'checkout.settings.title',
  'checkout-credentials': 'checkout.settings.credentialsTitle',
  printers: 'settings.printers.title',
  routing: 'settings.routing.title',
  'print-config': 'settings.printConfig.title',
  hold: 'admin.hold.title',
  scanner: 'settings.scanner.title',
  resolve: 'admin.resolve.title',
  consolidation: 'admin.consolidation.title',
};

function groupOf(section: string): SettingsGroup | undefined {
  return SETTINGS_GROUPS.find((group) => (group.sections as readonly string[]).includes(section))?.id;
}

export function SettingsScreen({ initialGroup = 'station' }: { initialGroup?: SettingsGroup }) {
  const { t } = useTranslation();
  const { settings } = useStationState();
  const [group, setGroup] = useState<SettingsGroup>(initialGroup);
  const [lastScan, setLastScan] = useState<{ raw: string; code: string } | undefined>();
  const indexEntry = useRef<HTMLButtonElement>(null);
  // On arrival the keyboard is in the index, on the group shown: ↓ and Tab go through the sections from there.
  useScreenFocus(() => indexEntry.current);

  /** Opens the group of a section and brings the section's heading into view, with the keyboard on it. */
  const show = useCallback((section: string) => {
    const target = groupOf(section);
    if (target) setGroup(target);
    // After the group is drawn (it may have been hidden until now).
    requestAnimationFrame(() => {
      const heading = document.getElementById(`${section}-title`);
      heading?.scrollIntoView?.({ block: 'start' });
      heading?.focus();
    });
  }, []);

  // A scan here is the admin trying the scanner: the Scanner section shows what it sent and what the prefix and
  // suffix leave of it, so it is opened where that shows.
  useScanHandler((code, raw) => {
    setLastScan({ code, raw });
    show('scanner');
  });

  if (!settings) return <p>{t('common.loading')}</p>;
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="settings-layout">
        <nav className="settings-index" aria-label={t('settings.index')}>
          <ul className="plain-list">
            {SETTINGS_GROUPS.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="settings-group"
                  ref={entry.id === group ? indexEntry : undefined}
                  aria-current={entry.id === group ? 'true' : undefined}
                  onClick={() => setGroup(entry.id)}
                >
                  {t(`settings.groups.${entry.id}`)}
                </button>
                <ul className="plain-list settings-entries">
                  {entry.sections.map((section) => (
                    <li key={section}>
                      <button type="button" className="settings-entry" onClick={() => show(section)}>
                        {t(SECTION_TITLES[section])}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <SaveBar group={group} onShow={show}>
          {(version) => (
            <>
              <Group id="station" shown={group}>
                <LanguageSection settings={settings} />
                <SoundsSection key={`sounds-${version}`} settings={settings} />
              </Group>
              <Group id="nshift" shown={group}>
                <AccountSection key={`account-${version}`} settings={settings} />
                <ManifestTypesSection key={`manifest-${version}`} settings={settings} />
                <StatusEventsSection key={`status-events-${version}`} settings={settings} />
                <CheckoutSection key={`checkout-${version}`} settings={settings} />
              </Group>
              <Group id="printers" shown={group}>
                <PrintersSection settings={settings} />
                <RoutingSection
                  key={`routing-${version}-${settings.printers.map((p) => p.id).join()}`}
                  settings={settings}
                />
                <PrintConfigSection key={`print-config-${version}`} settings={settings} />
                <HoldSection key={`hold-${version}`} settings={settings} />
              </Group>
              <Group id="scanning" shown={group}>
                <ScannerSection key={`scanner-${version}`} settings={settings} lastScan={lastScan} />
                <ResolveSection key={`resolve-${version}`} settings={settings} />
                <ConsolidationSection key={`consolidation-${version}`} settings={settings} />
              </Group>
            </>
          )}
        </SaveBar>
      </div>
    </section>
  );
}

/**
 * One group of sections. Every group stays drawn, the others hidden: a draft typed in one group is still there,
 * and still saved by the bar, after the admin looked at another.
 */
function Group({ id, shown, children }: { id: SettingsGroup; shown: SettingsGroup; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SettingsGroupContext.Provider value={id}>
      <div
        className="settings-group-sections"
        role="group"
        aria-label={t(`settings.groups.${id}`)}
        hidden={id !== shown}
        data-group={id}
      >
        {children}
      </div>
    </SettingsGroupContext.Provider>
  );
}

/**
 * The one way to save Settings: a bar under the sections that names the sections with unsaved changes and saves
 * them all at once ("Save changes"), or draws them again from the saved settings ("Undo changes"). The station
 * judges all the values of a save together: a refused one is shown under its field, nothing is saved, and the bar
 * names the section to go to. After a save the sections are drawn again from what the station saved.
 */
function SaveBar({
  group,
  onShow,
  children,
}: {
  group: SettingsGroup;
  onShow(section: string): void;
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
      // Drawn again from what the station saved: no section is marked unsaved any more, and no secret stays.
      if (saved) setVersion((current) => current + 1);
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
  const elsewhere = unsaved.some((section) => section.group !== group);

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
