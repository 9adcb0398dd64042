import { useState } from 'react';
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useTexts } from './texts.ts';
import { AbpError } from '@edu/sdk';
import { getAbpState } from './abp-store.ts';
import { lockedOutUntil, lockoutTime, login, logout, returnToLoginUrl } from './auth.ts';
import { finishRenewal } from './session-renewal.ts';
import { STORAGE } from './storage.ts';

/**
 * Sign in again in place (session-renewal.ts): over the current screen, which
 * stays as it is (route, open forms and what was typed); the same user, the
 * same tenant, the password only. On success the waiting calls go again with
 * the new token. Signing out instead leaves for the login page, which brings
 * the user back to this route afterwards.
 */
export default function SessionDialog() {
  const { t } = useTexts();
  const userName = getAbpState().session?.user?.userName ?? '';
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (!password) return;
    setBusy(true);
    setFailure(null);
    try {
      const rememberMe = sessionStorage.getItem(STORAGE.rememberMe) === 'true';
      await login({ userNameOrEmailAddress: userName, password, rememberMe });
      finishRenewal(true);
    } catch (e) {
      const until = lockedOutUntil(e);
      setPassword('');
      setFailure(
        until
          ? t('login.lockedOut', { time: lockoutTime(until) })
          : e instanceof AbpError && e.kind === 'userFriendly'
            ? t('session.wrongPassword')
            : e instanceof AbpError && e.isNetworkOrTimeout
              ? t('errors.noResponse')
              : e instanceof Error
                ? e.message
                : t('errors.unknownTitle'),
      );
    } finally {
      setBusy(false);
    }
  };

  const signOut = () => {
    finishRenewal(false);
    void logout(() => window.location.assign(returnToLoginUrl(window.location)));
  };

  return (
    <Dialog.Root open role="alertdialog" placement="center" closeOnInteractOutside={false} closeOnEscape={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="session-dialog">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('session.expiredTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text color="fg.muted" fontSize="sm">
                    {t('session.expiredHint')}
                  </Text>
                  <Field.Root readOnly>
                    <Field.Label>{t('session.userName')}</Field.Label>
                    <Input value={userName} readOnly autoComplete="username" data-testid="session-user-name" />
                  </Field.Root>
                  <Field.Root invalid={failure !== null}>
                    <Field.Label>{t('session.password')}</Field.Label>
                    <Input
                      type="password"
                      name="password"
                      autoComplete="current-password"
                      autoFocus
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      data-testid="session-password"
                    />
                    {failure && <Field.ErrorText data-testid="session-error">{failure}</Field.ErrorText>}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={signOut} disabled={busy} data-testid="session-sign-out">
                  {t('shell.logout')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy} disabled={!password} data-testid="session-sign-in">
                  {t('session.signIn')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
