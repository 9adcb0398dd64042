import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAllLocales } from './lib/i18n.ts';
import { boot } from './app/boot.ts';
import { App } from './app/app.tsx';
import { loginSystem } from './app/login-system.ts';

void boot().then(async (result) => {
  // A visitor sees only the login page: its small system and locale files; signed-in pages
  // need every recipe, the toaster and every locale file.
  const ui = result.signedIn
    ? (await Promise.all([import('./app/signed-in-ui.ts'), loadAllLocales()]))[0]
    : { system: loginSystem, AppToaster: undefined };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App boot={result} system={ui.system} toaster={ui.AppToaster} />
    </StrictMode>,
  );
});
