import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initLocale } from './lib/i18n';
import './styles/global.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/shell.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const mount = root;
// The chosen language (?lang=, else the stored choice) is active before the first render, so a
// Hindi page never flashes English; English needs nothing loaded and renders at once.
void initLocale()
  .catch(() => undefined) // the Hindi chunk failed to load: English, the default, still works
  .then(() => {
    createRoot(mount).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
