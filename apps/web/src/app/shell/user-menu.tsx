import { Avatar, Button, Menu, Text, VisuallyHidden } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { personName } from '@edu/sdk';
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
  const display = user ? personName(user.surname, user.name, user.userName) : '';
  return (
    // Not portalled: the open menu stays inside the banner landmark.
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => {
        if (d.value === 'ownSpace') void navigate(pathOf(OWN_SPACE_NAME));
        if (d.value === 'logout') void stopSignalR().then(() => logout());
      }}
    >
      <Menu.Trigger asChild>
        {/* Named by its visible text (the user name) plus a hidden "user menu", never by a label that hides the name. */}
        <Button variant="ghost" size="sm" px={1.5} gap={2} data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="blue" aria-hidden>
            <Avatar.Fallback name={user?.userName ?? '?'} />
          </Avatar.Root>
          <Text display={{ base: 'none', md: 'inline' }} fontSize="sm" color="gray.700" maxW="120px" truncate>
            {user?.userName ?? display}
          </Text>
          <VisuallyHidden>{t('shell.userMenu')}</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content minW="160px">
          {session?.tenant ? (
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontWeight="normal" color="gray.600">
                {t('shell.tenant', { name: session.tenant.name })}
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
          ) : (
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontWeight="normal" color="gray.600">
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
    </Menu.Root>
  );
}
