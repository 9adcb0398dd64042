import { Box, Stack, Tabs } from '@chakra-ui/react';
import { BuildingIcon, ShieldIcon, UsersIcon } from '@edu/ui';
import { Permissions } from '@edu/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/permissions.ts';
import { ResourcePage, useCanner, type AnyResource } from '../../resources/index.ts';
import { roleResource } from './role.resource.tsx';
import { tenantResource } from './tenant.resource.tsx';
import { userResource } from '../../shared/users/user.resource.tsx';
import { UserPermissionPreviewField } from './permission-preview.tsx';
import { SchoolSettingsCard } from './school-settings.tsx';

interface Tab {
  value: 'users' | 'roles' | 'tenants';
  icon: ReactNode;
  resource: AnyResource;
}

/**
 * The users tab's resource: the user list with 预览权限效果 in its editor (the
 * console as the user would see it with the roles checked now, nothing saved).
 */
const managedUsers = userResource.variant('managed', {
  titleKey: 'resources.user.title',
  ...(userResource.form && {
    form: {
      ...userResource.form,
      fields: [
        ...userResource.form.fields,
        { name: 'permissionPreview', type: 'custom', component: UserPermissionPreviewField, labelKey: 'admin.permissionPreview.open' },
      ],
    },
  }),
});

/**
 * 管理员管理 (/setting/manager): users, roles and, for host users holding
 * `Pages.Administration.Tenants`, tenants, in tabs. Each tab is a resource
 * screen; a tab whose list the user may not read is left out. Above them, a
 * tenant's administrators edit the school name (学校信息) its papers print.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const session = useSession();
  const can = useCanner();
  const isHost = !!session && session.tenant === null;
  const tabs: Tab[] = [
    { value: 'users' as const, icon: <UsersIcon />, resource: managedUsers as AnyResource },
    { value: 'roles' as const, icon: <ShieldIcon />, resource: roleResource as AnyResource },
    ...(isHost && can(Permissions.Tenants) ? [{ value: 'tenants' as const, icon: <BuildingIcon />, resource: tenantResource as AnyResource }] : []),
  ].filter((tab) => can(tab.resource.service.getAll.endpoint.access));

  return (
    <Stack gap="4">
      <SchoolSettingsCard />
      <Box bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '3', md: '5' }} data-testid="manager-page">
        <Tabs.Root defaultValue={tabs[0]?.value} lazyMount unmountOnExit colorPalette="brand" variant="line">
          <Tabs.List mb="4">
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} data-testid={`tab-${tab.value}`}>
                {tab.icon}
                {t(`admin.tabs.${tab.value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} pt="0">
              <ResourcePage resource={tab.resource} showTitle={false} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Box>
    </Stack>
  );
}
