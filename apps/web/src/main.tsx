import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getCultureCookie, getToken } from './lib/cookies.ts';
import { toAppLanguage } from './lib/language.ts';
import { textSource } from './lib/texts.ts';
import { boot } from './app/boot.ts';

// Boot first: its /appconfig.json request (and with it the chain GetAll, session) is the first in the
// browser's queue, ahead of the hundred-odd script requests started below, which the six connections
// of HTTP/1.1 to one host would otherwise serve first (docs/architecture/speed.md, "The console's first load").
const booting = boot();

// With a token the visitor is most likely signed in: fetch the signed-in root (router, full Chakra system,
// toaster), i18next with every locale file, boot's shell step and the shell while boot asks the server,
// instead of after. Without one, only the visitor's root (the login page, its small system, no router) and
// its one small text file, read without i18next: a visitor never loads the other.
const token = getToken();
// As boot will choose (the culture cookie, which boot sets to the browser's language when absent).
const expectedLanguage = toAppLanguage(getCultureCookie() ?? navigator.language);
const loadSignedIn = () => Promise.all([import('./app/app.tsx'), import('./app/signed-in-ui.ts')]);
const loadSignedInTexts = () =>
  import('./lib/i18n.ts').then(async ({ default: i18n, loadAllLocales }) => {
    // Signed-in pages need every locale file.
    await loadAllLocales([expectedLanguage]);
    return i18n;
  });
const loadVisitor = () =>
  Promise.all([import('./app/visitor-app.tsx'), import('./lib/visitor-texts.ts').then((m) => m.installVisitorTexts(expectedLanguage))]);
const signedInRoot = token ? Promise.all([loadSignedIn(), loadSignedInTexts()]) : null;
const visitorRoot = token ? null : loadVisitor();
if (token) {
  // A resource list's first request also leaves once boot has found the session, beside the render.
  const firstRead = { search: window.location.search, signedIn: booting.then((r) => r.signedIn) };
  void import('./app/boot-shell.ts').then((m) => m.prefetchScreen(window.location.pathname, firstRead)).catch(() => undefined);
  void import('./app/shell-route.tsx').catch(() => undefined);
}

void booting.then(async (result) => {
  const root = createRoot(document.getElementById('root')!);
  if (result.signedIn) {
    const [[{ App }, ui], i18n] = await (signedInRoot ?? Promise.all([loadSignedIn(), loadSignedInTexts()]));
    await i18n.changeLanguage(result.language);
    root.render(
      <StrictMode>
        <App boot={result} system={ui.system} toaster={ui.AppToaster} />
      </StrictMode>,
    );
    return;
  }
  const [{ VisitorApp }] = await (visitorRoot ?? loadVisitor());
  await textSource().changeLanguage(result.language);
  root.render(
    <StrictMode>
      <VisitorApp />
    </StrictMode>,
  );
});
