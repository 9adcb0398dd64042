import { useEffect } from 'react';
import { useTexts } from '../lib/texts.ts';
import LoginPage from '../pages/login-page.tsx';
import { publicPages } from '../public-pages.ts';
import { loginSystem } from './login-system.ts';
import { pageTitle } from './page-title.ts';
import { RootProviders } from './root-providers.tsx';

const LOGIN_PATH = publicPages.login.path;

/**
 * Every path leads a signed-out visitor to the login page (guard.ts, rule 2),
 * as the router's redirect does for a signed-in session's routes: a new entry
 * on `/`, and again when Back returns to the path it came from.
 */
function useLoginPath() {
  useEffect(() => {
    const toLogin = () => {
      if (window.location.pathname !== LOGIN_PATH) window.history.pushState(null, '', LOGIN_PATH);
    };
    toLogin();
    window.addEventListener('popstate', toLogin);
    return () => window.removeEventListener('popstate', toLogin);
  }, []);
}

/**
 * The root of a signed-out visitor (main.tsx): the login page in the root
 * providers, with Chakra's login system and no router. A visitor can only sign
 * in, and signing in (or switching tenant) loads the page again, so neither the
 * router nor the route table is needed until then (docs/architecture/speed.md,
 * "The console's first load").
 */
export function VisitorApp() {
  const { t, language } = useTexts();
  useLoginPath();
  useEffect(() => {
    document.title = pageTitle(t('app.titlePrefix'), t(publicPages.login.titleKey));
  }, [t, language]);
  return (
    <RootProviders system={loginSystem}>
      <LoginPage />
    </RootProviders>
  );
}
