import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startI18n } from './lib/i18n';
import './index.css';

// The page's language (from its URL) is ready before the first render: no flash of another language.
void startI18n().then((i18n) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  ),
);
