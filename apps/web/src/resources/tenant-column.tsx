import { Permissions } from '@edu/sdk';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/client.ts';
import { useAbpState } from '../lib/abp-store.ts';
import { useIsGranted } from '../lib/permissions.ts';
import { useApi } from '../lib/use-api.ts';

/** Signed in on the host side (no tenant chosen). */
export function useHostSide(): boolean {
  const { config } = useAbpState();
  return config !== null && config.session.userId !== null && config.session.tenantId === null;
}

/** Every tenant by id (the host's tenant list; empty without the permission to read it). */
function useTenantNames(): Map<number, string> {
  const mayRead = useIsGranted(Permissions.Tenants);
  const { data } = useApi(api.tenant.getAll, mayRead ? { MaxResultCount: 1000 } : null, { silent: true });
  return new Map((data?.items ?? []).map((tenant) => [tenant.id, `${tenant.name} (${tenant.tenancyName})`]));
}

/** The tenant a row belongs to, by name when the host may read the tenant list, else by id. */
export function TenantCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const names = useTenantNames();
  if (typeof value !== 'number') return <Text color="fg.muted">{t('table.hostRow')}</Text>;
  return <Text data-testid="row-tenant">{names.get(value) ?? t('table.tenantId', { id: value })}</Text>;
}
