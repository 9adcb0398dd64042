import { Avatar, Box, DataList, Flex, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { personName } from '@edu/sdk';
import { useSession } from '../lib/permissions.ts';
import { LanguagePicker } from '../app/shell/language-picker.tsx';

/** The own-space page (user dropdown; not in the menu): who is signed in, and where. */
export default function OwnSpacePage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session?.user;
  if (!user) return null;
  const rows: Array<[string, string]> = [
    ['userName', user.userName],
    ['name', personName(user.surname, user.name)],
    ['emailAddress', user.emailAddress],
    ['tenant', session.tenant ? `${session.tenant.name} (${session.tenant.tenancyName})` : t('shell.host')],
  ];
  return (
    <Box bg="white" rounded="lg" borderWidth="1px" borderColor="gray.100" p={6} maxW="640px" data-testid="own-space">
      <Flex align="center" gap={4} mb={6}>
        <Avatar.Root size="xl" colorPalette="blue">
          <Avatar.Fallback name={user.userName} />
        </Avatar.Root>
        <Stack gap={0}>
          <Heading size="md">{t('common.ownSpace.title')}</Heading>
          <Box color="gray.500" fontSize="sm">
            {user.emailAddress}
          </Box>
        </Stack>
      </Flex>
      <DataList.Root orientation="horizontal" size="md">
        {rows.map(([k, v]) => (
          <DataList.Item key={k}>
            <DataList.ItemLabel minW="120px">{t(`common.ownSpace.${k}`)}</DataList.ItemLabel>
            <DataList.ItemValue>{v}</DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.ItemLabel minW="120px">{t('common.ownSpace.language')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <LanguagePicker />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}
