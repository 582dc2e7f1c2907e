import type { Methods, StationParts } from './types';

/** The Settings screen's account and Checkout sections: the settings, the secrets, the connection test. */
export function settingsMethods({
  settings,
  connections,
}: StationParts): Methods<
  'getSettings' | 'saveSettings' | 'setApiKey' | 'setCheckoutCredentials' | 'testConnection'
> {
  return {
    async getSettings() {
      return settings.view();
    },
    async saveSettings(patch) {
      await settings.patch(patch);
      return settings.view();
    },
    async setApiKey(key) {
      await connections.setApiKey(key);
      return settings.view();
    },
    async setCheckoutCredentials(credentials) {
      await connections.setCheckoutCredentials(credentials);
      return settings.view();
    },
    testConnection: () => connections.checkConnection(),
  };
}
