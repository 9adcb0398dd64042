import { Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { MAX_SCHOOL_NAME_LENGTH } from '@edu/sdk';
import { notify } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useSession } from '../../lib/permissions.ts';
import { ScreenCard, useApi, useApiMutation, useCan } from '../../resources/index.ts';

/**
 * 学校信息: the school a tenant's printed papers name in their title block
 * (the tenant setting `App.General.SchoolName`, TenantSettings service).
 * Empty keeps the default, which the card says: the tenant's display name,
 * or no school line when that is only its code name. Shown to a tenant's
 * callers of the settings service (its administrators), not on the host.
 */
export function SchoolSettingsCard() {
  const session = useSession();
  const can = useCan(api.tenantSettings.updateAllSettings.endpoint.access);
  return session?.tenant && can ? <SchoolSettingsForm /> : null;
}

function SchoolSettingsForm() {
  const { t } = useTranslation();
  const { data } = useApi(api.tenantSettings.getAllSettings, {});
  const save = useApiMutation(api.tenantSettings.updateAllSettings);
  // What was typed; null shows the stored value.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? data?.general.schoolName ?? '';
  const tooLong = name.trim().length > MAX_SCHOOL_NAME_LENGTH;
  const effective = data?.general.effectiveSchoolName ?? null;
  const submit = async () => {
    try {
      await save.trigger({ general: { schoolName: name.trim() } });
      setTyped(null);
      notify.success(t('papers.school.saved'));
    } catch {
      // Shown by the error modal; the typed value stays.
    }
  };
  return (
    <ScreenCard data-testid="school-settings">
      <Stack gap="3">
        <Heading as="h2" size="sm">
          {t('papers.school.title')}
        </Heading>
        <Flex gap="3" align="end" wrap="wrap">
          <Field.Root invalid={tooLong} w={{ base: 'full', md: '96' }}>
            <Field.Label>{t('papers.school.name')}</Field.Label>
            <Input
              size="sm"
              value={name}
              placeholder={t('papers.school.placeholder')}
              onChange={(e) => setTyped(e.target.value)}
              disabled={!data}
              data-testid="school-name"
            />
            {tooLong && <Field.ErrorText>{t('papers.school.tooLong', { max: MAX_SCHOOL_NAME_LENGTH })}</Field.ErrorText>}
          </Field.Root>
          <Button
            size="sm"
            variant="outline"
            disabled={!data || tooLong || typed === null}
            loading={save.isMutating}
            onClick={() => void submit()}
            data-testid="school-save"
          >
            {t('papers.school.save')}
          </Button>
        </Flex>
        <Text fontSize="sm" color="fg.muted" data-testid="school-effective">
          {effective ? t('papers.school.printed', { name: effective }) : t('papers.school.printedNone')}
        </Text>
      </Stack>
    </ScreenCard>
  );
}
