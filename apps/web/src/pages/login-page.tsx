import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Box, Button, chakra, Field, Flex, Heading, HStack, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { afterLoginPath, lockedOutUntil, lockoutTime, login, switchTenant } from '../lib/auth.ts';
import { appConfig } from '../lib/app-config.ts';
import { getTenancyNameCookie, getTenantIdCookie } from '../lib/cookies.ts';
import { showError } from '../lib/errors.tsx';
import { toAppLanguage } from '../lib/language.ts';
import { useTexts } from '../lib/texts.ts';
import { Icon } from '../app/shell/icons.tsx';
import { AuthBackdrop } from './auth-backdrop.tsx';

// What the form does not need to show loads on demand, so the first load stays small (docs/architecture/speed.md, "The console's first load"):
// the tenant dialog when it opens, the language menu once the page is idle or the picker is pointed at.
const TenantDialog = lazy(() => import('./tenant-dialog.tsx'));
const loadLanguagePicker = () => import('../app/shell/language-picker.tsx');
const LanguagePicker = lazy(() => loadLanguagePicker().then((m) => ({ default: m.LanguagePicker })));

type LoginForm = { userNameOrEmailAddress: string; password: string; rememberMe: boolean };

/** The sign-in page (route `/`): user name or email, password, remember me, tenant switch. */
export default function LoginPage() {
  const { t } = useTexts();
  const form = useLoginForm();
  const { values, errors, set } = form;
  const [tenantOpen, setTenantOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates.
  const [tenantUsed, setTenantUsed] = useState(false);
  /** The account is locked out until then (too many wrong passwords): said in the form, not in the error modal. */
  const [lockedUntil, setLockedUntil] = useState<Date | null>(null);
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

  const onSubmit = form.handleSubmit(async (valid) => {
    setLockedUntil(null);
    try {
      await login(valid);
      // A full load so boot runs again signed in; back to where a sign-out in place came from (returnUrl).
      window.location.assign(afterLoginPath(window.location.search));
    } catch (e) {
      const until = lockedOutUntil(e);
      if (until) setLockedUntil(until);
      else showError(e);
    }
  });

  return (
    <AuthBackdrop>
      <Flex position="absolute" top={4} right={4}>
        <Box bg="whiteAlpha.900" rounded="md">
          <DeferredLanguagePicker />
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
            <Button
              size="xs"
              variant="plain"
              colorPalette="blue"
              onClick={() => {
                setTenantUsed(true);
                setTenantOpen(true);
              }}
              data-testid="tenant-change"
            >
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
            <LoginField
              name="userNameOrEmailAddress"
              label={t('login.userNameOrEmail')}
              error={errors.userNameOrEmailAddress && t(errors.userNameOrEmailAddress)}
            >
              <Input
                name="userNameOrEmailAddress"
                value={values.userNameOrEmailAddress}
                onChange={(e) => set('userNameOrEmailAddress', e.target.value)}
                placeholder={t('login.userNameOrEmailPlaceholder')}
                autoComplete="username"
                // The page exists to sign in: typing starts in the user name.
                autoFocus
              />
            </LoginField>
            <LoginField name="password" label={t('login.password')} error={errors.password && t(errors.password)}>
              <Input
                name="password"
                value={values.password}
                onChange={(e) => set('password', e.target.value)}
                type="password"
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
              />
            </LoginField>
            {/* A native checkbox: Chakra's (a state machine) would be the page's only use of one. */}
            <chakra.label display="inline-flex" alignItems="center" gap={2} fontSize="sm" cursor="pointer" data-testid="remember-me">
              <chakra.input
                type="checkbox"
                name="rememberMe"
                checked={values.rememberMe}
                onChange={(e) => set('rememberMe', e.target.checked)}
                boxSize={4}
                accentColor="blue.500"
                cursor="pointer"
              />
              {t('login.rememberMe')}
            </chakra.label>
            {lockedUntil && (
              <Text role="alert" color="red.600" fontSize="sm" data-testid="login-locked-out">
                {t('login.lockedOut', { time: lockoutTime(lockedUntil) })}
              </Text>
            )}
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              loading={form.submitting}
              loadingText={t('login.submitting')}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
      {tenantUsed && (
        <Suspense fallback={null}>
          <TenantDialog open={tenantOpen} onOpenChange={setTenantOpen} initial={tenancyName ?? ''} />
        </Suspense>
      )}
    </AuthBackdrop>
  );
}

/** A field's error as its text's key, so the text follows a language switch made while it shows. */
type LoginErrors = Partial<Record<'userNameOrEmailAddress' | 'password', 'login.required'>>;

/**
 * The form's state, as react-hook-form would keep it for three fields (which
 * the first load has no room for): both text fields required, checked on
 * submit and, after a failed submit, on every change; the first invalid field
 * takes the focus; `submitting` while the handler runs.
 */
function useLoginForm() {
  const [values, setValues] = useState<LoginForm>({ userNameOrEmailAddress: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const validate = (v: LoginForm): LoginErrors => ({
    ...(v.userNameOrEmailAddress.trim() ? {} : { userNameOrEmailAddress: 'login.required' }),
    ...(v.password ? {} : { password: 'login.required' }),
  });
  const set = <K extends keyof LoginForm>(key: K, value: LoginForm[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };
  const handleSubmit = (onValid: (v: LoginForm) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formElement.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      setSubmitting(false);
    }
  };
  return { values, errors, submitting, set, handleSubmit };
}

/**
 * A required field as `FieldShell` (@edu/ui) lays it out. The login page binds
 * its two inputs itself: the ui package's field module brings every field kind
 * (selects, number inputs) with it, which the first load does not need.
 */
function LoginField({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required data-field={name}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {error && <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The shell's language menu (Chakra's menu machinery, about 35 kB on the wire),
 * fetched only when a visitor reaches for it (pointed at, touched or focused)
 * and shown in place of a button that looks the same when that button is
 * clicked: it then opens at once, with the focus on its own trigger.
 */
function DeferredLanguagePicker() {
  const { t, language } = useTexts();
  const [open, setOpen] = useState(false);
  const slot = useRef<HTMLSpanElement>(null);
  const fetchMenu = () => void loadLanguagePicker().catch(() => undefined);
  // Named as the loaded menu's trigger is: "语言" plus the visible language, so what is read contains what is shown.
  const face = (
    <>
      <Icon name="language" />
      <VisuallyHidden>{t('shell.language')}</VisuallyHidden>
      {t(`shell.languages.${toAppLanguage(language)}`)}
    </>
  );
  const look = { variant: 'ghost', size: 'sm', color: 'gray.600', px: 2, 'data-testid': 'language-picker' } as const;
  if (!open)
    return (
      <Button {...look} aria-haspopup="menu" onPointerEnter={fetchMenu} onFocus={fetchMenu} onClick={() => setOpen(true)}>
        {face}
      </Button>
    );
  return (
    <Suspense
      fallback={
        <Button {...look} disabled>
          {face}
        </Button>
      }
    >
      <chakra.span display="contents" ref={slot}>
        <LanguagePicker defaultOpen />
      </chakra.span>
      <HandOver slot={slot} />
    </Suspense>
  );
}

/** Gives the loaded menu's trigger the focus its placeholder had (a click that came first opens the menu: `defaultOpen`). */
function HandOver({ slot }: { slot: RefObject<HTMLSpanElement | null> }) {
  useEffect(() => {
    // The placeholder is gone: its focus fell to the body unless the visitor has moved on.
    if (!document.activeElement || document.activeElement === document.body) slot.current?.querySelector('button')?.focus();
  }, [slot]);
  return null;
}
