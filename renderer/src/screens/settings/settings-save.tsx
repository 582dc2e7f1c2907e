import { createContext, useContext, useLayoutEffect, useState } from 'react';
import type { SettingsPatch, SettingsView } from '../../../../preload/api';

/**
 * One way to save Settings (issue 29): the sections edit drafts, and the screen's one Save bar saves every section
 * that has unsaved changes at once, naming them. A section says what it would save here: a settings patch (merged
 * with the others' into one `saveSettings`, so the station judges every value together and saves all or nothing),
 * or a save of its own (a secret for the station's vault, which is no setting). Language applies when chosen, and
 * a printer is added or edited in its own form: those are actions, not drafts.
 */
export interface SaveEntry {
  /** The section's title: the bar names what is unsaved by it, and leads to it. */
  title: string;
  /** The group of Settings the section is in (to open it from the bar). */
  group: string;
  dirty: boolean;
  /** The settings this section would save now. */
  patch?: () => SettingsPatch;
  /** A save of its own (the vault), run after the settings are saved. */
  save?: () => Promise<SettingsView>;
}

export interface SaveRegistry {
  set(id: string, entry: SaveEntry | undefined): void;
  /** Saves every unsaved section (the bar's button, or Enter in any Settings field). */
  saveAll(): void;
}

export const SettingsSaveContext = createContext<SaveRegistry | undefined>(undefined);

/** The group a section is drawn in, for the entries it registers. */
export const SettingsGroupContext = createContext<string>('');

/**
 * Registers a section with the Save bar for as long as it is drawn. A patch is unsaved when it differs from what
 * the section would have saved when drawn (the screen draws the sections anew after each save); a save of its own
 * is unsaved while `saveDirty` says so (a secret typed).
 */
export function useSaveEntry(
  id: string,
  title: string,
  what: { patch?: () => SettingsPatch; save?: () => Promise<SettingsView>; saveDirty?: boolean },
): boolean {
  const registry = useContext(SettingsSaveContext);
  const group = useContext(SettingsGroupContext);
  const current = what.patch ? JSON.stringify(what.patch()) : undefined;
  const [baseline] = useState(current);
  const dirty = current !== baseline || (what.save !== undefined && what.saveDirty === true);
  useLayoutEffect(() => {
    registry?.set(id, {
      title,
      group,
      dirty,
      ...(what.patch ? { patch: what.patch } : {}),
      ...(what.save && what.saveDirty ? { save: what.save } : {}),
    });
  });
  useLayoutEffect(() => () => registry?.set(id, undefined), [registry, id]);
  return dirty;
}
