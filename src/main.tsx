import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SERVER_STATE_ID } from '../common/routeSkeleton';
import { App } from './app/App';
import { api } from './app/api';
import { preloadLandingScreen } from './app/routes';
import { store } from './app/store';
import { initLocale } from './lib/i18n';
import './styles/global.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/shell.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const mount = root;

/**
 * A page the server rendered with its data (server/api/serverRender.ts): the store starts with
 * the answers it was rendered from and the screen's code is loaded first, so the first render
 * shows the same page (no skeleton, no request) and replaces the server's markup unseen.
 */
async function fromServer(): Promise<void> {
  const el = document.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return;
  let entries: unknown;
  try {
    entries = JSON.parse(el.textContent);
  } catch {
    return; // unreadable: the screens fetch their data as usual
  }
  if (!Array.isArray(entries)) return;
  // The screen's chunk first: it adds the screen's endpoints, which the entries need.
  await preloadLandingScreen(window.location.pathname).catch(() => undefined);
  // New cache entries, as a fetch would make them: each endpoint's live updates follow them.
  store.dispatch(api.util.upsertQueryEntries(entries as Parameters<typeof api.util.upsertQueryEntries>[0]));
}

// The chosen language (?lang=, else the stored choice) is active before the first render, so a
// Hindi page never flashes English; English needs nothing loaded and renders at once.
void Promise.all([initLocale().catch(() => undefined), fromServer()])
  // the Hindi chunk failed to load: English, the default, still works
  .then(() => {
    createRoot(mount).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
