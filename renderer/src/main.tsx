import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installStationApi } from './api/bridge';
import { StationStore } from './state/station-store';
import { createI18n, isLanguage, LANGUAGE_STORAGE_KEY, loadCatalogue } from './i18n';
import { formatTime } from './i18n/format';
import './styles/app.css';

const api = installStationApi();
// Asked for before the first frame is drawn: the lists travel while React renders the screen.
const store = new StationStore(api);
store.start();
// The last language used on this machine, so the first frame is already in it (settings confirm it a moment later).
const remembered = (() => {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
})();
const language = isLanguage(remembered) ? remembered : 'en';
// Its catalogue is a chunk of its own (English is built in): fetched before the first frame, while the lists travel.
// One that cannot be fetched leaves the first frame in English; the settings switch the language when they arrive.
const catalogue = await loadCatalogue(language).catch(() => undefined);
const i18n = createI18n(language, catalogue ? { [language]: catalogue } : {});
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App api={api} i18n={i18n} store={store} />
    </StrictMode>,
  );
}
// The first clock-time formatter costs the page tens of milliseconds: made in the idle moment after the first
// frame, while the lists are still on their way, rather than while today's list is drawn.
if (typeof requestIdleCallback === 'function')
  requestIdleCallback(() => formatTime(new Date().toISOString(), language));
