import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installStationApi } from './api/bridge';
import { createI18n } from './i18n';
import './styles/app.css';

const api = installStationApi();
const i18n = createI18n('en');
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App api={api} i18n={i18n} />
    </StrictMode>,
  );
}
