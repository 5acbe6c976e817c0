import 'primeicons/primeicons.css';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getSession } from './app/session';
import { attachDeferredStyles, handOverLoginShell } from './features/auth/login-shell-handoff';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// login.html paints its sign-in screen before this script runs (docs/decisions.md "Web: the first paint of /login");
// on index.html there is nothing to wait for or hand over.
void attachDeferredStyles().then(() => {
  handOverLoginShell({ root, signedIn: getSession() !== null });
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
