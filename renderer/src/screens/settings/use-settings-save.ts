import { useCallback } from 'react';
import type { SettingsPatch, SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction, type ActionState } from '../../components/use-action';

/** Saves a settings patch and puts the station's answer (the new SettingsView) into the store. */
export function useSettingsSave(): [
  ActionState,
  (patch: SettingsPatch) => Promise<SettingsView | undefined>,
] {
  const { api, store } = useServices();
  const [state, run] = useAction();
  const save = useCallback(
    async (patch: SettingsPatch) => {
      // Said when shown: saving the language switches it, and the message must follow.
      const view = await run(
        () => api.saveSettings(patch),
        (_view, shownIn) => shownIn('settings.saved'),
      );
      if (view) store.setSettings(view);
      return view;
    },
    [api, store, run],
  );
  return [state, save];
}
