import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/auth.ts';
import { useSession } from '../../lib/permissions.ts';
import { OWN_SPACE_NAME } from '../../navigation.ts';
import { pathOf } from '../paths.ts';
import { stopSignalR } from '../signalr.ts';

/** The user dropdown: own space and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session?.user;
  const display = user ? `${user.surname}${user.name}`.trim() || user.userName : '';
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => {
        if (d.value === 'ownSpace') void navigate(pathOf(OWN_SPACE_NAME));
        if (d.value === 'logout') void stopSignalR().then(() => logout());
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px={1.5} gap={2} aria-label={t('shell.userMenu')} data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="blue">
            <Avatar.Fallback name={user?.userName ?? '?'} />
          </Avatar.Root>
          <Text display={{ base: 'none', md: 'inline' }} fontSize="sm" color="gray.700" maxW="120px" truncate>
            {user?.userName ?? display}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="160px">
            {session?.tenant ? (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel fontWeight="normal" color="gray.500">
                  {t('shell.tenant', { name: session.tenant.name })}
                </Menu.ItemGroupLabel>
              </Menu.ItemGroup>
            ) : (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel fontWeight="normal" color="gray.500">
                  {t('shell.host')}
                </Menu.ItemGroupLabel>
              </Menu.ItemGroup>
            )}
            <Menu.Separator />
            <Menu.Item value="ownSpace" data-testid="menu-own-space">
              {t('shell.ownSpace')}
            </Menu.Item>
            <Menu.Item value="logout" data-testid="logout" color="red.600">
              {t('shell.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
