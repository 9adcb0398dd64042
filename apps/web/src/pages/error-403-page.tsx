import { Box, Button, Center, HStack, Heading, Text, VStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_NAME } from '../navigation.ts';
import { pathOf } from '../app/paths.ts';

/** The route named error-403: a page whose permission the user lacks is replaced by this one. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center minH="60vh" bg="white" rounded="lg" borderWidth="1px" borderColor="gray.100" data-testid="error-403">
      <VStack gap={4} p={8} textAlign="center">
        <Box fontSize="96px" fontWeight="bold" lineHeight="1" color="blue.500" letterSpacing="-2px">
          403
        </Box>
        <Heading size="md" color="gray.800">
          {t('routes.error-403')}
        </Heading>
        <Text color="gray.500">{t('errors.forbiddenText')}</Text>
        <HStack>
          <Button variant="outline" onClick={() => navigate(-1)}>
            {t('errors.goBack')}
          </Button>
          <Button colorPalette="blue" onClick={() => navigate(pathOf(HOME_NAME))} data-testid="back-home">
            {t('errors.backHome')}
          </Button>
        </HStack>
      </VStack>
    </Center>
  );
}
