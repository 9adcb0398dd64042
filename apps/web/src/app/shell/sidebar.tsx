import { useState, type KeyboardEvent } from 'react';
import { Box, Flex, Menu, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MENU_EXCLUDED, type IconName, type NavPage } from '../../navigation.ts';
import { setSidebarTheme, shellStore } from '../shell-store.ts';
import type { SidebarTheme } from '../theme.ts';
import type { MenuEntry } from '../nav-logic.ts';
import { Icon } from './icons.tsx';
import { stepFocus } from './keyboard.ts';

const palettes: Record<
  SidebarTheme,
  { bg: string; sub: string; fg: string; fgHover: string; activeBg: string; activeFg: string; accent: string; border: string; logo: string }
> = {
  dark: {
    bg: '#001529',
    sub: '#000c17',
    fg: 'rgba(255,255,255,0.68)',
    fgHover: '#fff',
    // Antd's blue-7 behind white text: 6.2:1 (blue-6 #1677ff is 4.1:1, below WCAG AA).
    activeBg: '#0958d9',
    activeFg: '#fff',
    accent: '#4096ff',
    border: 'transparent',
    logo: '#002140',
  },
  light: {
    bg: '#fff',
    sub: '#fafafa',
    fg: '#374151',
    // Blue-7 on the pale active background: 5.5:1 (blue-6 is 3.7:1).
    fgHover: '#0958d9',
    activeBg: '#e6f4ff',
    activeFg: '#0958d9',
    accent: '#0958d9',
    border: '#e5e7eb',
    logo: '#fff',
  },
};

/**
 * The sidebar's rail without its menu, in its size and colours: what the shell's first render shows while the
 * menu waits for the screen's first content (shell-layout.tsx).
 */
export function SidebarPlaceholder({ width }: { width: number }) {
  const theme = shellStore.use((s) => s.theme);
  const p = palettes[theme];
  return (
    <Box
      aria-hidden
      data-testid="sidebar-placeholder"
      position="fixed"
      top={0}
      left={0}
      bottom={0}
      zIndex={20}
      bg={p.bg}
      borderRightWidth="1px"
      borderColor={p.border}
      style={{ width: `${width}px` }}
    >
      <Box h="56px" bg={p.logo} borderBottomWidth={theme === 'light' ? '1px' : 0} borderColor={p.border} />
    </Box>
  );
}

/**
 * The collapsible side menu (spec section 2), derived from navigation.ts and the user's permissions:
 * a rail fixed at the left edge, or (`overlay`, at phone width) the expanded menu filling the overlay it is placed in.
 */
export function Sidebar({ width, collapsed, overlay = false }: { width: number; collapsed: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  const { menu, theme, currentRouteName } = shellStore.use();
  const p = palettes[theme];
  const activeGroup = menu.find((e) => e.kind === 'group' && e.children.some((c) => c.name === currentRouteName));
  const activeName = activeGroup?.group.name;
  const [open, setOpen] = useState<string[]>(activeName ? [activeName] : []);
  // Opening a page opens its group (adjusted while rendering, when the active group changes).
  const [shownActive, setShownActive] = useState(activeName);
  if (activeName !== shownActive) {
    setShownActive(activeName);
    if (activeName && !open.includes(activeName)) setOpen([...open, activeName]);
  }

  const toggle = (name: string) => setOpen((o) => (o.includes(name) ? o.filter((x) => x !== name) : [...o, name]));

  // Up/Down (Home/End) move between the menu's items; Right opens a group, Left closes it or goes up to it.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target;
    if (!(target instanceof HTMLElement)) return;
    const group = target.closest<HTMLElement>('[data-menu-group]')?.dataset.menuGroup;
    const onGroupButton = target.matches('button[data-menu-toggle]');
    if (e.key === 'ArrowRight' && group && onGroupButton && !open.includes(group)) {
      e.preventDefault();
      toggle(group);
      return;
    }
    if (e.key === 'ArrowLeft' && group) {
      e.preventDefault();
      if (onGroupButton && open.includes(group)) toggle(group);
      else target.closest('[data-menu-group]')?.querySelector<HTMLElement>('button[data-menu-toggle]')?.focus();
      return;
    }
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('a[href], button')];
    const next = stepFocus(e.key, items.indexOf(target), items.length, 'vertical');
    if (next === null) return;
    e.preventDefault();
    items[next]?.focus();
  };

  return (
    <Box
      as="aside"
      data-testid={overlay ? 'sidebar-overlay' : 'sidebar'}
      data-collapsed={collapsed ? 'true' : 'false'}
      data-theme={theme}
      {...(overlay ? { h: 'full' } : { position: 'fixed', top: 0, left: 0, bottom: 0, zIndex: 20 })}
      bg={p.bg}
      borderRightWidth="1px"
      borderColor={p.border}
      transition="width 0.2s"
      overflowX="hidden"
      overflowY="auto"
      display="flex"
      flexDirection="column"
      style={{ width: overlay ? '100%' : `${width}px` }}
    >
      <Flex
        asChild
        h="56px"
        flexShrink={0}
        align="center"
        justify="center"
        gap={2}
        px={3}
        bg={p.logo}
        borderBottomWidth={theme === 'light' ? '1px' : 0}
        borderColor={p.border}
      >
        <RouterLink to="/main/home" aria-label={collapsed ? t('app.sidebarTitle') : undefined}>
          <Flex w="28px" h="28px" rounded="md" bg="#1677ff" color="white" align="center" justify="center" flexShrink={0} aria-hidden>
            <Icon name="home" size={16} />
          </Flex>
          {!collapsed && (
            <Text fontWeight="semibold" fontSize="sm" color={theme === 'dark' ? 'white' : 'gray.800'} truncate>
              {t('app.sidebarTitle')}
            </Text>
          )}
        </RouterLink>
      </Flex>
      <VStack as="nav" aria-label={t('menu.label')} align="stretch" gap={0} py={2} flex="1" data-testid="side-menu" onKeyDown={onKeyDown}>
        {menu.map((entry) =>
          collapsed ? (
            <CollapsedEntry key={entry.group.name} entry={entry} palette={p} current={currentRouteName} />
          ) : entry.kind === 'page' ? (
            <PageLink
              key={entry.page.name}
              page={entry.page}
              palette={p}
              active={entry.page.name === currentRouteName}
              icon={entry.page.icon ?? entry.group.icon}
            />
          ) : (
            <Box key={entry.group.name} data-testid={`menu-group-${entry.group.name}`} data-menu-group={entry.group.name}>
              <Flex
                as="button"
                data-menu-toggle
                w="full"
                align="center"
                gap={3}
                px={6}
                h="44px"
                color={p.fg}
                fontSize="sm"
                cursor="pointer"
                _hover={{ color: p.fgHover }}
                aria-expanded={open.includes(entry.group.name)}
                aria-controls={`menu-pages-${entry.group.name}`}
                onClick={() => toggle(entry.group.name)}
              >
                <Icon name={entry.group.icon} />
                <Text flex="1" textAlign="left" truncate>
                  {t(entry.group.titleKey)}
                </Text>
                <Box transform={open.includes(entry.group.name) ? 'rotate(180deg)' : undefined} transition="transform 0.2s">
                  <Icon name="chevronDown" size={14} />
                </Box>
              </Flex>
              {open.includes(entry.group.name) && (
                <Box bg={p.sub} id={`menu-pages-${entry.group.name}`}>
                  {entry.children.map((c) => (
                    <PageLink key={c.name} page={c} palette={p} active={c.name === currentRouteName} indent />
                  ))}
                </Box>
              )}
            </Box>
          ),
        )}
      </VStack>
      {!collapsed && <ThemeSwitch theme={theme} palette={p} />}
    </Box>
  );
}

type Palette = (typeof palettes)[SidebarTheme];

function PageLink({
  page,
  palette: p,
  active,
  indent,
  icon,
}: {
  page: NavPage;
  palette: Palette;
  active: boolean;
  indent?: boolean;
  /** A top-level entry's icon (the page's own, else its group's): every top-level entry has one. */
  icon?: IconName;
}) {
  const { t } = useTranslation();
  if (MENU_EXCLUDED.includes(page.name)) return null;
  return (
    <Flex
      asChild
      align="center"
      gap={3}
      h="42px"
      pl={indent ? 12 : 6}
      pr={4}
      fontSize="sm"
      color={active ? p.activeFg : p.fg}
      bg={active ? p.activeBg : 'transparent'}
      _hover={{ color: active ? p.activeFg : p.fgHover }}
      borderRightWidth={active && p === palettes.light ? '3px' : 0}
      borderColor={p.accent}
    >
      <RouterLink to={page.path} aria-current={active ? 'page' : undefined} data-testid={`menu-${page.name}`}>
        {icon && <Icon name={icon} />}
        <Text truncate>{t(page.titleKey)}</Text>
      </RouterLink>
    </Flex>
  );
}

/** Collapsed (80 px): icons only; a group opens its pages in a fly-out menu. */
function CollapsedEntry({ entry, palette: p, current }: { entry: MenuEntry; palette: Palette; current: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = entry.kind === 'page' ? entry.page.name === current : entry.children.some((c) => c.name === current);
  const common = {
    h: '48px',
    w: 'full',
    align: 'center',
    justify: 'center',
    color: active ? p.activeFg : p.fg,
    bg: active ? p.activeBg : 'transparent',
    _hover: { color: active ? p.activeFg : p.fgHover },
  } as const;
  if (entry.kind === 'page') {
    return (
      <Flex asChild {...common}>
        <RouterLink to={entry.page.path} title={t(entry.page.titleKey)} aria-label={t(entry.page.titleKey)} data-testid={`menu-${entry.page.name}`}>
          <Icon name={entry.page.icon ?? entry.group.icon} size={20} />
        </RouterLink>
      </Flex>
    );
  }
  return (
    <Menu.Root
      // Not portalled (the fly-out stays inside the menu's nav landmark); fixed, so the aside's overflow does not clip it.
      positioning={{ placement: 'right-start', strategy: 'fixed' }}
      onSelect={(d) => {
        const page = entry.children.find((c) => c.name === d.value);
        if (page && !MENU_EXCLUDED.includes(d.value)) void navigate(page.path);
      }}
    >
      <Menu.Trigger asChild>
        <Flex
          as="button"
          cursor="pointer"
          title={t(entry.group.titleKey)}
          aria-label={t(entry.group.titleKey)}
          data-testid={`menu-group-${entry.group.name}`}
          {...common}
        >
          <Icon name={entry.group.icon} size={20} />
        </Flex>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content minW="160px">
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>{t(entry.group.titleKey)}</Menu.ItemGroupLabel>
            {entry.children.map((c) => (
              <Menu.Item key={c.name} value={c.name} data-testid={`menu-${c.name}`}>
                {t(c.titleKey)}
              </Menu.Item>
            ))}
          </Menu.ItemGroup>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}

function ThemeSwitch({ theme, palette: p }: { theme: SidebarTheme; palette: Palette }) {
  const { t } = useTranslation();
  return (
    <Flex px={6} py={4} gap={2} align="center" fontSize="xs" color={p.fg} role="group" aria-label={t('shell.theme.label')}>
      <Text flex="1">{t('shell.theme.label')}</Text>
      {(['dark', 'light'] as const).map((v) => (
        <Box
          key={v}
          as="button"
          px={2}
          py={0.5}
          rounded="sm"
          borderWidth="1px"
          borderColor={theme === v ? p.accent : p.border === 'transparent' ? 'rgba(255,255,255,0.2)' : p.border}
          color={theme === v ? p.accent : p.fg}
          aria-pressed={theme === v}
          onClick={() => setSidebarTheme(v)}
          data-testid={`theme-${v}`}
        >
          {t(`shell.theme.${v}`)}
        </Box>
      ))}
    </Flex>
  );
}
