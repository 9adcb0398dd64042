import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/permissions.ts';
import { backToImpersonator, useImpersonation } from '../../shared/audit/impersonation.tsx';

/** 正在以 … 身份登录: shown while an administrator is signed in as someone else, with 返回 (back to themselves). */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const impersonation = useImpersonation();
  const user = useSession()?.user;
  const [busy, setBusy] = useState(false);
  if (!impersonation) return null;
  const back = async () => {
    setBusy(true);
    try {
      await backToImpersonator(impersonation.impersonatorTenantId);
    } catch {
      // Shown by the error modal.
      setBusy(false);
    }
  };
  return (
    <Flex
      role="status"
      align="center"
      justify="center"
      gap="3"
      px="4"
      py="1.5"
      bg="orange.100"
      color="orange.900"
      wrap="wrap"
      data-testid="impersonation-banner"
    >
      <Text fontSize="sm" fontWeight="medium">
        {t('audit.impersonation.banner', { name: user?.userName ?? '' })}
      </Text>
      <Button size="xs" colorPalette="orange" loading={busy} onClick={() => void back()} data-testid="impersonation-back">
        {t('audit.impersonation.back')}
      </Button>
    </Flex>
  );
}
