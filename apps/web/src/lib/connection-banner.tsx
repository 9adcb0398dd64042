import { Button, HStack, Text } from '@chakra-ui/react';
import { useTexts } from './texts.ts';
import { appConfig } from './app-config.ts';
import { probeNow, useConnectivity } from './connectivity.ts';

/**
 * The banner over every screen (login included) while the backend does not
 * answer (connectivity.ts): what is wrong, that it retries by itself, and a
 * Retry that probes at once. Loaded with the first outage.
 */
export default function ConnectionBanner() {
  const { t } = useTexts();
  const { down, probing } = useConnectivity();
  if (!down) return null;
  return (
    <HStack
      role="alert"
      position="fixed"
      top={2}
      left="50%"
      transform="translateX(-50%)"
      zIndex="banner"
      maxW="calc(100vw - 16px)"
      gap={3}
      px={4}
      py={2}
      bg="orange.50"
      color="orange.900"
      borderWidth="1px"
      borderColor="orange.300"
      borderRadius="md"
      boxShadow="md"
      data-testid="connection-banner"
      data-reason={down}
    >
      <Text fontSize="sm" fontWeight="medium">
        {down === 'timeout' ? t('connection.slow', { seconds: appConfig.requestTimeoutSeconds }) : t('connection.unreachable')}
      </Text>
      <Text fontSize="sm" color="orange.700">
        {t('connection.retrying')}
      </Text>
      <Button size="xs" colorPalette="orange" variant="outline" loading={probing} onClick={() => void probeNow()} data-testid="connection-retry">
        {t('connection.retry')}
      </Button>
    </HStack>
  );
}
