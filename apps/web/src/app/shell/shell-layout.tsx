import { useEffect, useRef } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';
import { useRouteHandle } from '../route-handle.ts';
import { onNavigated, setCollapsed, shellStore } from '../shell-store.ts';
import { NARROW_BREAKPOINT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, isNarrow } from '../theme.ts';
import { Sidebar } from './sidebar.tsx';
import { Header } from './header.tsx';
import { TabsBar } from './tabs-bar.tsx';
import { useWindowWidth } from './use-window-width.ts';

/** The signed-in frame: sidebar, header, tab bar and the page. */
export function ShellLayout() {
  const handle = useRouteHandle();
  const location = useLocation();
  const collapsed = shellStore.use((s) => s.collapsed);
  const width = useWindowWidth();
  const wasNarrow = useRef(isNarrow(width));

  // After each navigation the page opens as a tab (spec section 2).
  useEffect(() => {
    if (handle) onNavigated(handle.name, location.pathname + location.search);
  }, [handle, location.pathname, location.search]);

  // Crossing below the breakpoint collapses the sidebar.
  useEffect(() => {
    const narrow = isNarrow(width);
    if (narrow && !wasNarrow.current) setCollapsed(true);
    wasNarrow.current = narrow;
  }, [width]);

  const sidebarWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Flex minH="100vh" bg="gray.50" data-breakpoint={NARROW_BREAKPOINT}>
      <Sidebar width={sidebarWidth} collapsed={collapsed} />
      <Flex direction="column" flex="1" minW={0} ml={`${sidebarWidth}px`} transition="margin-left 0.2s">
        <Box position="sticky" top={0} zIndex={10} bg="white" boxShadow="0 1px 4px rgba(0,21,41,.08)">
          <Header windowWidth={width} />
          <TabsBar />
        </Box>
        <Box as="main" flex="1" p={{ base: 3, md: 4 }} minW={0}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
