import { useEffect, useRef, type KeyboardEvent, type WheelEvent } from 'react';
import { Box, Button, Flex, Menu, chakra } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_NAME, appGroups, otherPages } from '../../navigation.ts';
import { findPageByName } from '../nav-logic.ts';
import { HOME_TAB, closeAllTabs, closeOtherTabs, closeTabByName, shellStore } from '../shell-store.ts';
import type { Tab } from '../tabs.ts';
import { Icon } from './icons.tsx';
import { stepFocus } from './keyboard.ts';

/** Converts vertical wheel movement into horizontal scrolling of the tab strip. */
export function wheelToScroll(el: { scrollLeft: number }, e: { deltaX: number; deltaY: number }): void {
  el.scrollLeft += Math.abs(e.deltaY) > Math.abs(e.deltaX) ? e.deltaY : e.deltaX;
}

/**
 * The open-page tabs (spec section 2): fixed home tab, close one, close others, close all.
 * They navigate between routes, so they are links in a nav (not an ARIA tablist, which may
 * hold nothing but tabs): each link with its own close button beside it, never inside it.
 * Keyboard: arrows, Home and End move between the links; Delete closes the focused tab.
 */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, currentRouteName } = shellStore.use();
  const strip = useRef<HTMLDivElement>(null);
  const actions = useRef<HTMLButtonElement>(null);

  // Keep the current tab in view.
  useEffect(() => {
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentRouteName, tabs.length]);

  const close = (name: string) => {
    const next = closeTabByName(name);
    if (next) void navigate(next.path);
  };

  const home = tabs.find((tab) => tab.name === HOME_NAME) ?? HOME_TAB;
  const titleOf = (tab: Tab) => {
    const page = findPageByName(appGroups, otherPages, tab.name)?.page;
    return page ? t(page.titleKey) : tab.name;
  };

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (strip.current) wheelToScroll(strip.current, e);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!(e.target instanceof HTMLAnchorElement) || !e.target.matches('a[data-tab-link]')) return;
    const bar = e.currentTarget;
    const links = [...bar.querySelectorAll<HTMLAnchorElement>('a[data-tab-link]')];
    const index = links.indexOf(e.target);
    const name = e.target.dataset.tabLink;
    if (e.key === 'Delete' && name && name !== HOME_NAME) {
      e.preventDefault();
      // Focus stays in the strip: on the tab that takes the closed one's place.
      const neighbour = links[index + 1] ?? links[index - 1];
      const keep = neighbour?.dataset.tabLink;
      close(name);
      window.requestAnimationFrame(() => {
        if (keep && document.activeElement === document.body) bar.querySelector<HTMLElement>(`a[data-tab-link="${keep}"]`)?.focus();
      });
      return;
    }
    const next = stepFocus(e.key, index, links.length, 'horizontal');
    if (next === null) return;
    e.preventDefault();
    links[next]?.focus();
  };

  return (
    <Flex h="40px" align="center" bg="gray.50" borderBottomWidth="1px" borderColor="gray.200" px={2} gap={2}>
      <Flex as="nav" flex="1" minW={0} align="center" aria-label={t('shell.tabs.label')} data-testid="tabs-bar" onKeyDown={onKeyDown}>
        {/* Home stays outside the scrolling strip: reachable however many tabs are open. */}
        <Box flexShrink={0}>
          <TabChip tab={home} active={home.name === currentRouteName} title={titleOf(home)} onClose={close} />
        </Box>
        <Box
          ref={strip}
          flex="1"
          minW={0}
          overflowX="auto"
          overflowY="hidden"
          whiteSpace="nowrap"
          onWheel={onWheel}
          data-testid="tabs-strip"
          css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
        >
          {tabs
            .filter((tab) => tab.name !== HOME_NAME)
            .map((tab) => (
              <TabChip key={tab.name} tab={tab} active={tab.name === currentRouteName} title={titleOf(tab)} onClose={close} />
            ))}
        </Box>
      </Flex>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onOpenChange={(d) => {
          if (d.open) return;
          // The menu gives focus back to its button. Should anything take it back into the closing menu (its items
          // changing as it closes), focus would fall to the page: after the frame, it goes to the button instead.
          window.requestAnimationFrame(() => {
            const at = document.activeElement;
            if (!at || at === document.body || at.closest('[data-scope="menu"][data-part="content"]')) actions.current?.focus();
          });
        }}
        onSelect={(d) => {
          if (d.value === 'closeAll') void navigate(closeAllTabs().path);
          // Closed after the menu, so its items do not change while it closes.
          else if (d.value === 'closeOthers') window.requestAnimationFrame(() => closeOtherTabs());
          else {
            const tab = tabs.find((x) => `open:${x.name}` === d.value);
            if (tab) void navigate(tab.path);
          }
        }}
      >
        <Menu.Trigger asChild>
          <Button ref={actions} size="xs" variant="outline" bg="white" data-testid="tabs-actions">
            {t('shell.tabs.actions')}
            <Icon name="chevronDown" size={12} />
          </Button>
        </Menu.Trigger>
        {/* Not portalled: the open menu stays inside the banner landmark. */}
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="closeAll" data-testid="tabs-close-all">
              {t('shell.tabs.closeAll')}
            </Menu.Item>
            <Menu.Item value="closeOthers" data-testid="tabs-close-others">
              {t('shell.tabs.closeOthers')}
            </Menu.Item>
            {/* Every open tab, so none is out of reach when the strip overflows. */}
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('shell.tabs.open')}</Menu.ItemGroupLabel>
              {tabs.map((tab) => (
                <Menu.Item
                  key={tab.name}
                  value={`open:${tab.name}`}
                  data-testid={`tabs-open-${tab.name}`}
                  fontWeight={tab.name === currentRouteName ? 'semibold' : undefined}
                >
                  {titleOf(tab)}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </Flex>
  );
}

/** One open page: its title as a link, and a close button (never on home). */
function TabChip({ tab, active, title, onClose }: { tab: Tab; active: boolean; title: string; onClose: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <Flex
      display="inline-flex"
      align="center"
      h="28px"
      mr={1.5}
      pl={3}
      pr={tab.name === HOME_NAME ? 3 : 1}
      gap={1}
      rounded="sm"
      borderWidth="1px"
      borderColor={active ? 'blue.600' : 'gray.200'}
      bg={active ? 'blue.600' : 'white'}
      color={active ? 'white' : 'gray.600'}
      fontSize="xs"
      data-tab={tab.name}
      data-current={active ? 'true' : undefined}
      data-testid={`tab-${tab.name}`}
      _hover={active ? undefined : { color: 'blue.700', borderColor: 'blue.300' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' }}
    >
      <Box as="span" aria-hidden w="6px" h="6px" rounded="full" bg={active ? 'white' : 'gray.300'} display="inline-block" />
      <RouterLink to={tab.path} aria-current={active ? 'page' : undefined} data-tab-link={tab.name} style={{ outline: 'none' }}>
        {title}
      </RouterLink>
      {tab.name !== HOME_NAME && (
        <chakra.button
          type="button"
          display="inline-flex"
          p={0.5}
          rounded="full"
          aria-label={t('shell.tabs.close', { title })}
          data-testid={`tab-close-${tab.name}`}
          _hover={{ bg: active ? 'blue.700' : 'gray.100' }}
          _focusVisible={{ bg: active ? 'blue.700' : 'gray.100' }}
          onClick={() => onClose(tab.name)}
        >
          <Icon name="close" size={12} />
        </chakra.button>
      )}
    </Flex>
  );
}
