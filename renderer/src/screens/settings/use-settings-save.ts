import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsPatch, SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction, type ActionState } from '../../components/use-action';

/** Saves a settings patch and puts the station's answer (the new SettingsView) into the store. */
export function useSettingsSave(): [
  ActionState,
  (patch: SettingsPatch) => Promise<SettingsView | undefined>,
] {
  const { t } = useTranslation();
  const { api, store } = useServices();
  const [state, run] = useAction();
  const save = useCallback(
    async (patch: SettingsPatch) => {
      const view = await run(() => api.saveSettings(patch), t('settings.saved'));
      if (view) store.setSettings(view);
      return view;
    },
    [api, store, run, t],
  );
  return [state, save];
}
