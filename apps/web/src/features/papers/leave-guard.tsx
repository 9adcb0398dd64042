import { ConfirmDialog } from '@edu/ui';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { useRouteHandle } from '../../app/route-handle.ts';
import { restoreTabs, shellStore } from '../../app/shell-store.ts';
import type { Tab } from '../../app/tabs.ts';
import { publicPages } from '../../navigation.ts';

/**
 * Asks before a page with unsaved changes is left: in-app navigation (the
 * menu, another tab, closing this page's tab, the browser's back) through
 * react-router's blocker, a reload or closing the browser tab through
 * `beforeunload`. `unsaved` is a ref so that a save that navigates at once
 * (a new paper moving to its own address) is not asked about.
 *
 * Closing the page's tab in the shell removes the tab before it navigates;
 * when the user stays, the tabs are put back as they were. `onLeave` hears
 * that the user chose to leave without saving.
 */
export function LeaveGuard({ unsaved, onLeave }: { unsaved: RefObject<boolean>; onLeave?: () => void }) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  // The lock screen is never held up: it locks at once (the lock flag is already set), and the page reloads after unlocking.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved.current && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== publicPages.locking.path,
  );
  const blocked = blocker.state === 'blocked';

  // The tab strip as it was while this page's tab was open: what "stay" restores.
  const tabs = shellStore.use((s) => s.tabs);
  const lastWithMe = useRef<readonly Tab[]>(tabs);
  useEffect(() => {
    if (handle && tabs.some((tab) => tab.name === handle.name)) lastWithMe.current = tabs;
  }, [handle, tabs]);
  const leaving = useRef(false);

  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (!unsaved.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when a value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const stay = () => {
    if (leaving.current) return;
    if (blocker.state === 'blocked') blocker.reset();
    if (handle && !shellStore.get().tabs.some((tab) => tab.name === handle.name)) restoreTabs(lastWithMe.current);
  };

  return (
    <ConfirmDialog
      open={blocked}
      onOpenChange={(open) => !open && stay()}
      title={t('papers.leave.title')}
      description={t('papers.leave.description')}
      confirmLabel={t('papers.leave.confirm')}
      cancelLabel={t('papers.leave.stay')}
      destructive
      onConfirm={() => {
        leaving.current = true;
        onLeave?.();
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
