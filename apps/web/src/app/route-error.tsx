import { useEffect } from 'react';
import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, showError } from '../lib/errors.tsx';

/** A route that failed to load (chunk error, timeout) or threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) showError(error);
  }, [error]);
  const chunk = error instanceof ChunkLoadError;
  return (
    <Center minH="60vh" p={8}>
      <VStack gap={4}>
        <Heading size="lg">{t(chunk ? 'errors.chunkTitle' : 'errors.unknownTitle')}</Heading>
        <Text color="fg.muted">{chunk ? t('errors.chunkContent') : error instanceof Error ? error.message : ''}</Text>
        <Button colorPalette="blue" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </VStack>
    </Center>
  );
}
