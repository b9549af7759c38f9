import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { textsReady } from './i18n';
import './styles/shell.css';
import './styles/common.css';
import { App } from './app/App';
import { startA11yFixes } from './lib/a11y-fixes';

startA11yFixes();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

// An English console waits for its texts (a chunk of their own) before the first render.
void textsReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
