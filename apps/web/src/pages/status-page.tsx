import { Box, Button, Center, HStack, Heading, Text, VStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_NAME } from '../navigation.ts';
import { pathOf } from '../app/paths.ts';

/** A page shown inside the shell in place of one the user cannot open (403, 404). */
export function StatusPage({ code, titleKey, textKey }: { code: string; titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center minH="60vh" bg="white" rounded="lg" borderWidth="1px" borderColor="gray.100" data-testid={`error-${code}`}>
      <VStack gap={4} p={8} textAlign="center">
        <Box fontSize="96px" fontWeight="bold" lineHeight="1" color="blue.500" letterSpacing="-2px">
          {code}
        </Box>
        <Heading size="md" color="gray.800">
          {t(titleKey)}
        </Heading>
        <Text color="gray.500">{t(textKey)}</Text>
        <HStack>
          <Button variant="outline" onClick={() => void navigate(-1)}>
            {t('errors.goBack')}
          </Button>
          <Button colorPalette="blue" onClick={() => void navigate(pathOf(HOME_NAME))} data-testid="back-home">
            {t('errors.backHome')}
          </Button>
        </HStack>
      </VStack>
    </Center>
  );
}
