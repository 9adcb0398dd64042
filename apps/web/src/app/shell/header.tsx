import { useState } from 'react';
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { requiredPermissions, type Access } from '@edu/sdk';
import { api } from '../../lib/client.ts';
import { isGrantedIn, useAbp } from '../../lib/permissions.ts';
import { appConfig, publicWebsiteHref } from '../../lib/app-config.ts';
import { lockScreen, LOCK_ANIMATION_MS } from '../../lib/auth.ts';
import { showError } from '../../lib/errors.tsx';
import { message } from '../../lib/notify.ts';
import { HOME_NAME, LOCKING_NAME } from '../../navigation.ts';
import { pathOf } from '../paths.ts';
import { setCollapsed, shellStore } from '../shell-store.ts';
import { showHeaderButtons } from '../theme.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { useFullscreen, toggleFullscreen } from './fullscreen.ts';
import { Icon } from './icons.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { NoticesPopover } from './notices-popover.tsx';
import { UserMenu } from './user-menu.tsx';
import { LockCurtain } from './lock-curtain.tsx';

type CacheCall = ((input?: object) => Promise<unknown>) & { endpoint?: { access?: Access } };
type CacheService = { settingUpdateCache: CacheCall };

/**
 * The SystemDictionary service's cache refresh, once the SDK has the service
 * and the user may call it (its access rule); otherwise the button stays hidden.
 */
export function cacheService(client: object, granted: (permission: string) => boolean): CacheService | null {
  if (!('systemDictionary' in client)) return null;
  const s = (client as { systemDictionary?: Partial<CacheService> }).systemDictionary;
  if (typeof s?.settingUpdateCache !== 'function') return null;
  const needed = requiredPermissions(s.settingUpdateCache.endpoint?.access ?? 'authenticated');
  return needed.length === 0 || needed.some(granted) ? (s as CacheService) : null;
}

/** The header; `onOpenMenu` (phone width) makes the menu button open the overlay menu instead of folding the rail. */
export function Header({ windowWidth, onOpenMenu }: { windowWidth: number; onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collapsed = shellStore.use((s) => s.collapsed);
  const fullscreen = useFullscreen();
  const [locking, setLocking] = useState(false);
  const config = useAbp();
  const cache = cacheService(api, (p) => isGrantedIn(config, p));
  const wide = showHeaderButtons(windowWidth);

  const clearCache = async () => {
    try {
      await cache!.settingUpdateCache({});
      message.success(t('shell.clearCacheDone'));
    } catch (e) {
      showError(e);
    }
  };

  // Spec section 4: save the page name, set the flag, animate ~800 ms, go to locking.
  const lock = () => {
    lockScreen(shellStore.get().currentRouteName ?? HOME_NAME);
    setLocking(true);
    window.setTimeout(() => void navigate(pathOf(LOCKING_NAME), { replace: true }), LOCK_ANIMATION_MS);
  };

  const btn = { variant: 'ghost', size: 'sm', color: 'gray.600' } as const;
  const website = publicWebsiteHref(appConfig.publicWebsiteUrl, window.location.origin);
  return (
    <Flex h="56px" align="center" gap={2} px={{ base: 2, md: 4 }} borderBottomWidth="1px" borderColor="gray.100">
      {onOpenMenu ? (
        <IconButton {...btn} aria-label={t('menu.open')} aria-haspopup="dialog" data-testid="sidebar-toggle" onClick={onOpenMenu}>
          <Icon name="menu" size={20} />
        </IconButton>
      ) : (
        <IconButton
          {...btn}
          aria-label={t(collapsed ? 'menu.expand' : 'menu.collapse')}
          data-testid="sidebar-toggle"
          onClick={() => setCollapsed(!collapsed)}
        >
          <Icon name={collapsed ? 'menuUnfold' : 'menuFold'} size={20} />
        </IconButton>
      )}
      <Box flex="1" minW={0}>
        <Breadcrumbs />
      </Box>
      {wide && (
        <Flex align="center" gap={1} data-testid="header-buttons">
          {cache && (
            <IconButton
              {...btn}
              aria-label={t('shell.clearCache')}
              title={t('shell.clearCache')}
              onClick={() => void clearCache()}
              data-testid="clear-cache"
            >
              <Icon name="refresh" />
            </IconButton>
          )}
          {website && (
            <IconButton {...btn} asChild aria-label={t('shell.websiteHome')} title={t('shell.websiteHome')}>
              <a href={website} target="_blank" rel="noreferrer" data-testid="website-home">
                <Icon name="globe" />
              </a>
            </IconButton>
          )}
          <IconButton
            {...btn}
            aria-label={t(fullscreen ? 'shell.exitFullScreen' : 'shell.fullScreen')}
            title={t(fullscreen ? 'shell.exitFullScreen' : 'shell.fullScreen')}
            onClick={() => void toggleFullscreen()}
            data-testid="fullscreen"
          >
            <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
          </IconButton>
          <IconButton {...btn} aria-label={t('shell.lock')} title={t('shell.lock')} onClick={lock} data-testid="lock-button">
            <Icon name="lock" />
          </IconButton>
          <NoticesPopover />
        </Flex>
      )}
      <LanguagePicker />
      <UserMenu />
      {locking && <LockCurtain />}
    </Flex>
  );
}
