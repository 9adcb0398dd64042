import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAllLocales } from './lib/i18n.ts';
import { getToken } from './lib/cookies.ts';
import { boot } from './app/boot.ts';
import { App } from './app/app.tsx';
import { loginSystem } from './app/login-system.ts';

// With a token the visitor is most likely signed in: fetch the signed-in root and the shell while
// boot asks the server, instead of after (a visitor without one loads neither).
const signedInUi = getToken() ? import('./app/signed-in-ui.ts') : null;
if (signedInUi) void import('./app/shell-route.tsx').catch(() => undefined);

void boot().then(async (result) => {
  // A visitor sees only the login page: its small system and locale files; signed-in pages
  // need every recipe, the toaster and every locale file.
  const ui = result.signedIn
    ? (await Promise.all([signedInUi ?? import('./app/signed-in-ui.ts'), loadAllLocales()]))[0]
    : { system: loginSystem, AppToaster: undefined };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App boot={result} system={ui.system} toaster={ui.AppToaster} />
    </StrictMode>,
  );
});
