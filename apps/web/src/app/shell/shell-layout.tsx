import { useEffect, useRef, useState } from 'react';
import { Box, Drawer, Flex, Heading, Portal } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../route-handle.ts';
import { onNavigated, setCollapsed, shellStore } from '../shell-store.ts';
import { NARROW_BREAKPOINT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, isNarrow } from '../theme.ts';
import { Sidebar, SidebarPlaceholder } from './sidebar.tsx';
import { Header } from './header.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { TabsBar } from './tabs-bar.tsx';
import { isPhone, useWindowWidth } from '../../lib/viewport.ts';

/** Id of the page's main landmark (the skip link's target). */
export const MAIN_ID = 'main-content';

/**
 * False on the shell's first render, true in a task after the frame that paints it: the menu, the header and the
 * tab bar, a large part of a cold first visit's rendering, come after the screen's first content; boxes of their
 * size and colour stand in for them until then (docs/architecture/speed.md, "The console's first load"). Not a
 * transition: one entangled with a navigation that waits (a lazy module) would keep the boxes up with it.
 */
function useFramesReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return ready;
}

/**
 * The signed-in frame: a skip link, the sidebar (complementary, with the menu's
 * nav), the banner (header and tab bar) and the one main landmark, which starts
 * with the page title as the page's h1 (docs/architecture/web-resources.md, "Accessibility").
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const location = useLocation();
  const collapsed = shellStore.use((s) => s.collapsed);
  const width = useWindowWidth();
  const wasNarrow = useRef(isNarrow(width));
  const heading = useRef<HTMLHeadingElement>(null);
  const lastPath = useRef(location.pathname);
  // At phone width the menu is an overlay (closed until the header's menu button opens it) instead of a rail.
  const phone = isPhone(width);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname);
  const framesReady = useFramesReady();
  // Opening a page from the overlay closes it (adjusted while rendering, when the path changes).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    if (menuOpen) setMenuOpen(false);
  }

  // After each navigation the page opens as a tab (spec section 2).
  useEffect(() => {
    if (handle) onNavigated(handle.name, location.pathname + location.search);
  }, [handle, location.pathname, location.search]);

  // After a navigation (not the first render), focus goes to the new page's title, so keyboard and
  // screen-reader users start on the page they opened rather than on the link they left behind.
  useEffect(() => {
    if (lastPath.current === location.pathname) return;
    lastPath.current = location.pathname;
    // A menu, popover or dialog opened meanwhile (a lazy page can arrive late) keeps the focus it holds.
    if (document.activeElement?.closest('[role="menu"], [role="dialog"], [role="alertdialog"]')) return;
    heading.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  // Crossing below the breakpoint collapses the sidebar.
  useEffect(() => {
    const narrow = isNarrow(width);
    if (narrow && !wasNarrow.current) setCollapsed(true);
    wasNarrow.current = narrow;
  }, [width]);

  const sidebarWidth = phone ? 0 : collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Flex minH="100vh" bg="gray.50" data-breakpoint={NARROW_BREAKPOINT}>
      <SkipLink />
      {phone ? (
        <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="start" size="xs">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={`${SIDEBAR_WIDTH + 40}px`} aria-label={t('menu.label')} data-testid="sidebar-drawer">
                <Sidebar width={SIDEBAR_WIDTH} collapsed={false} overlay />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : framesReady ? (
        <Sidebar width={sidebarWidth} collapsed={collapsed} />
      ) : (
        <SidebarPlaceholder width={sidebarWidth} />
      )}
      <Flex direction="column" flex="1" minW={0} ml={`${sidebarWidth}px`} transition="margin-left 0.2s">
        <Box as="header" position="sticky" top={0} zIndex={10} bg="white" boxShadow="0 1px 4px rgba(0,21,41,.08)">
          {framesReady ? (
            <>
              <ImpersonationBanner />
              <Header windowWidth={width} onOpenMenu={phone ? () => setMenuOpen(true) : undefined} />
              <TabsBar />
            </>
          ) : (
            <Box aria-hidden data-testid="header-placeholder">
              <Box h="56px" borderBottomWidth="1px" borderColor="gray.100" />
              <Box h="40px" bg="gray.50" borderBottomWidth="1px" borderColor="gray.200" />
            </Box>
          )}
        </Box>
        <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" p={{ base: 3, md: 4 }} minW={0} outline="none">
          {handle && (
            <Heading
              as="h1"
              ref={heading}
              tabIndex={-1}
              size="md"
              mb={3}
              color="gray.800"
              outline="none"
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
              data-testid="page-title"
            >
              {t(handle.titleKey)}
            </Heading>
          )}
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}

/** The first stop of the Tab key: jumps past the menu and the header to the page. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      asChild
      position="fixed"
      top={2}
      left={2}
      zIndex={100}
      px={3}
      py={2}
      rounded="md"
      bg="white"
      color="brand.fg"
      fontWeight="semibold"
      boxShadow="md"
      transform="translateY(-200%)"
      _focus={{ transform: 'none' }}
    >
      <a
        href={`#${MAIN_ID}`}
        data-testid="skip-link"
        onClick={(e) => {
          // The router owns the URL: move focus without adding a hash to it.
          e.preventDefault();
          const main = document.getElementById(MAIN_ID);
          (main?.querySelector<HTMLElement>('h1') ?? main)?.focus();
        }}
      >
        {t('shell.skipToContent')}
      </a>
    </Box>
  );
}
