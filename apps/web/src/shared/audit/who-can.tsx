import { Badge, Button, Field, Flex, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { flattenPermissions } from '@edu/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi } from '../../resources/index.ts';

/** 权限持有人 ("who can"): for one permission, the roles granting it and the users holding it, directly or through a role. */
export function WhoCanTab() {
  const { t, i18n } = useTranslation();
  const culture = i18n.language.startsWith('en') ? 'en' : 'zh-Hans';
  const options = flattenPermissions().map((n) => ({ value: n.name, label: `${n.displayName[culture]} (${n.name})` }));
  const [draft, setDraft] = useState(options[1]?.value ?? '');
  const [applied, setApplied] = useState<string | null>(null);
  const { data, isLoading } = useApi(api.auditLog.getPermissionGrantees, applied ? { PermissionName: applied } : null);
  return (
    <Stack gap="4" data-testid="who-can">
      <Flex gap="3" align="end" wrap="wrap">
        <Field.Root w={{ base: 'full', md: '96' }}>
          <Field.Label>{t('audit.whoCan.permission')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="who-can-permission">
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" colorPalette="brand" onClick={() => setApplied(draft)} data-testid="who-can-search">
          {t('audit.filters.search')}
        </Button>
      </Flex>
      {isLoading && <Text color="fg.muted">{t('table.loading')}</Text>}
      {data && (
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Text fontSize="sm" fontWeight="medium">
              {t('audit.whoCan.roles')}
            </Text>
            {data.roles.length ? data.roles.map((r) => <Badge key={r.id}>{r.displayName}</Badge>) : <Text color="fg.muted">—</Text>}
          </HStack>
          <Table.Root size="sm" variant="outline" data-testid="who-can-users">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('audit.fields.user')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('audit.whoCan.through')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.users.map((u) => (
                <Table.Row key={u.id}>
                  <Table.Cell>
                    {u.userName}{' '}
                    {u.fullName && (
                      <Text as="span" color="fg.muted">
                        （{u.fullName}）
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{[...(u.direct ? [t('audit.whoCan.direct')] : []), ...u.roleNames].join('、')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {data.truncated && <Text color="fg.muted">{t('audit.whoCan.truncated')}</Text>}
        </Stack>
      )}
    </Stack>
  );
}
