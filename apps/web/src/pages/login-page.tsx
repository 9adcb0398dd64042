import { useState } from 'react';
import { Box, Button, Checkbox, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ModalDialog, PasswordField, TextField } from '@edu/ui';
import { login, switchTenant } from '../lib/auth.ts';
import { appConfig } from '../lib/app-config.ts';
import { getTenancyNameCookie, getTenantIdCookie } from '../lib/cookies.ts';
import { showError } from '../lib/errors.tsx';
import { LanguagePicker } from '../app/shell/language-picker.tsx';
import { AuthBackdrop } from './auth-backdrop.tsx';

type LoginForm = { userNameOrEmailAddress: string; password: string; rememberMe: boolean };

/** Where a successful sign-in goes; a full load so boot runs again signed in. */
export const AFTER_LOGIN_PATH = '/main/home';

/** The sign-in page (route `/`): user name or email, password, remember me, tenant switch. */
export default function LoginPage() {
  const { t } = useTranslation();
  const schema = z.object({
    userNameOrEmailAddress: z.string().trim().min(1, t('login.required')),
    password: z.string().min(1, t('login.required')),
    rememberMe: z.boolean(),
  });
  const form = useForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { userNameOrEmailAddress: '', password: '', rememberMe: false },
  });
  const rememberMe = useWatch({ control: form.control, name: 'rememberMe' });
  const [tenantOpen, setTenantOpen] = useState(false);
  const tenantId = getTenantIdCookie();
  const tenancyName = getTenancyNameCookie();
  const defaultTenant = appConfig.defaultTenancyName;

  const chooseDefault = async () => {
    try {
      const r = await switchTenant(defaultTenant);
      if (!r.ok) {
        showError(new Error(t(`login.tenant.${r.reason}`, { name: defaultTenant })));
        return;
      }
      window.location.reload();
    } catch (e) {
      showError(e);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values);
      window.location.assign(AFTER_LOGIN_PATH);
    } catch (e) {
      showError(e);
    }
  });

  return (
    <AuthBackdrop>
      <Flex position="absolute" top={4} right={4}>
        <Box bg="whiteAlpha.900" rounded="md">
          <LanguagePicker />
        </Box>
      </Flex>
      <Box w="full" maxW="400px" bg="white" rounded="xl" boxShadow="0 20px 50px rgba(0,0,0,.25)" p={{ base: 6, md: 8 }}>
        <Stack gap={1} mb={6} textAlign="center">
          <Heading as="h1" size="xl" color="gray.800">
            {t('app.siteName')}
          </Heading>
          <Text color="gray.500" fontSize="sm">
            {t('login.subtitle')}
          </Text>
        </Stack>
        <Stack
          gap={2}
          mb={4}
          px={3}
          py={2}
          bg={tenantId ? 'blue.50' : 'orange.50'}
          borderWidth="1px"
          borderColor={tenantId ? 'blue.200' : 'orange.200'}
          rounded="md"
          fontSize="sm"
          data-testid="tenant-info"
        >
          <HStack justify="space-between">
            <Text color="gray.600">
              {t('login.tenant.label')}：
              <Text as="span" fontWeight="semibold" color="gray.800" data-testid="tenant-name">
                {tenantId ? (tenancyName ?? `#${tenantId}`) : t('login.tenant.host')}
              </Text>
            </Text>
            <Button size="xs" variant="plain" colorPalette="blue" onClick={() => setTenantOpen(true)} data-testid="tenant-change">
              {t('login.tenant.change')}
            </Button>
          </HStack>
          {!tenantId && (
            <Text color="orange.800" fontSize="xs" data-testid="tenant-host-hint">
              {t('login.tenant.hostHint')}
            </Text>
          )}
          {/* The configured demo tenant is one click away (pnpm start's appconfig names Default). */}
          {defaultTenant && defaultTenant.toLowerCase() !== (tenancyName ?? '').toLowerCase() && (
            <Button size="sm" colorPalette="blue" variant="outline" bg="white" onClick={() => void chooseDefault()} data-testid="tenant-default">
              {t('login.tenant.useDefault', { name: defaultTenant })}
            </Button>
          )}
        </Stack>
        <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="login-form">
          <Stack gap={4}>
            <TextField
              control={form.control}
              name="userNameOrEmailAddress"
              label={t('login.userNameOrEmail')}
              placeholder={t('login.userNameOrEmailPlaceholder')}
              autoComplete="username"
              required
            />
            <PasswordField
              control={form.control}
              name="password"
              label={t('login.password')}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              required
            />
            <Checkbox.Root
              checked={rememberMe}
              onCheckedChange={(e) => form.setValue('rememberMe', e.checked === true)}
              size="sm"
              data-testid="remember-me"
            >
              <Checkbox.HiddenInput name="rememberMe" />
              <Checkbox.Control />
              <Checkbox.Label>{t('login.rememberMe')}</Checkbox.Label>
            </Checkbox.Root>
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              loading={form.formState.isSubmitting}
              loadingText={t('login.submitting')}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
      <TenantDialog open={tenantOpen} onOpenChange={setTenantOpen} initial={tenancyName ?? ''} />
    </AuthBackdrop>
  );
}

function TenantDialog({ open, onOpenChange, initial }: { open: boolean; onOpenChange: (o: boolean) => void; initial: string }) {
  const { t } = useTranslation();
  const form = useForm<{ tenancyName: string }>({ values: { tenancyName: initial } });
  const submit = form.handleSubmit(async ({ tenancyName }) => {
    try {
      const r = await switchTenant(tenancyName);
      if (!r.ok) {
        form.setError('tenancyName', { type: 'server', message: t(`login.tenant.${r.reason}`, { name: tenancyName.trim() }) });
        return;
      }
      // The tenant header changes every call: start again from a clean state.
      window.location.reload();
    } catch (e) {
      showError(e);
    }
  });
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('login.tenant.dialogTitle')}
      size="sm"
      data-testid="tenant-dialog"
      footer={
        <HStack>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('login.tenant.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={() => void submit()} loading={form.formState.isSubmitting} data-testid="tenant-ok">
            {t('login.tenant.ok')}
          </Button>
        </HStack>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField control={form.control} name="tenancyName" label={t('login.tenant.name')} placeholder={t('login.tenant.namePlaceholder')} />
      </form>
    </ModalDialog>
  );
}
