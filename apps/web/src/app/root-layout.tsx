import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from './shell/loading-bar.tsx';
import { useRouteHandle } from './route-handle.ts';
import { pageTitle } from './page-title.ts';

/** Every route: the loading bar, the document title and scroll-to-top after navigation. */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const location = useLocation();

  useEffect(() => {
    document.title = pageTitle(t('app.titlePrefix'), handle ? t(handle.titleKey) : null);
  }, [handle, t, i18n.language]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
}
