import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAllLocales } from './lib/i18n.ts';
import { getToken } from './lib/cookies.ts';
import { boot } from './app/boot.ts';

// With a token the visitor is most likely signed in: fetch the signed-in root (router, full Chakra system,
// toaster), boot's shell step and the shell while boot asks the server, instead of after. Without one,
// only the visitor's root (the login page, its small system, no router): a visitor never loads the other.
const token = getToken();
const loadSignedIn = () => Promise.all([import('./app/app.tsx'), import('./app/signed-in-ui.ts')]);
const loadVisitor = () => import('./app/visitor-app.tsx');
const signedInRoot = token ? loadSignedIn() : null;
const visitorRoot = token ? null : loadVisitor();
if (token) {
  void import('./app/boot-shell.ts').catch(() => undefined);
  void import('./app/shell-route.tsx').catch(() => undefined);
}

void boot().then(async (result) => {
  const root = createRoot(document.getElementById('root')!);
  if (result.signedIn) {
    // Signed-in pages need every recipe, the toaster and every locale file.
    const [[{ App }, ui]] = await Promise.all([signedInRoot ?? loadSignedIn(), loadAllLocales()]);
    root.render(
      <StrictMode>
        <App boot={result} system={ui.system} toaster={ui.AppToaster} />
      </StrictMode>,
    );
    return;
  }
  const { VisitorApp } = await (visitorRoot ?? loadVisitor());
  root.render(
    <StrictMode>
      <VisitorApp />
    </StrictMode>,
  );
});
