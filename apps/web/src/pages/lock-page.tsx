import { useState } from 'react';
import { Avatar, Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lockedOutUntil, lockoutTime, logout, unlock } from '../lib/auth.ts';
import { showError } from '../lib/errors.tsx';
import { useSession } from '../lib/permissions.ts';
import { HOME_NAME } from '../navigation.ts';
import { pathOf } from '../app/paths.ts';
import { shellStore } from '../app/shell-store.ts';
import { Icon } from '../app/shell/icons.tsx';
import { AuthBackdrop } from './auth-backdrop.tsx';

/** The saved page's address; a page whose path has parameters (a paper's assembly page) returns to the address its tab holds. */
function backTo(name: string): string {
  const path = pathOf(name);
  if (!path.includes('/:')) return path;
  return shellStore.get().tabs.find((tab) => tab.name === name)?.path ?? pathOf(HOME_NAME);
}

/**
 * The lock screen (route `/locking`). Unlocking signs in again with the current
 * user's name and the typed password (same tenant); on success the new token is
 * stored, the flag set to 0 and the saved page reopened; on a wrong password the
 * error shows and the screen stays locked. When the account is locked out (too
 * many wrong passwords) the screen says until when instead. Signing out is
 * always offered: it ends the session and clears the lock state, back to login.
 */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session?.user;
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** Why the last try failed: a wrong password, or the account locked out until a time. */
  const [failure, setFailure] = useState<{ lockedUntil: Date | null } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const submit = async () => {
    if (!user || !password) return;
    setBusy(true);
    setFailure(null);
    try {
      const last = await unlock(user.userName, password);
      await navigate(backTo(last ?? HOME_NAME), { replace: true });
    } catch (e) {
      const lockedUntil = lockedOutUntil(e);
      setFailure({ lockedUntil });
      setPassword('');
      // The lockout is said in place (with its time); anything else opens the error modal.
      if (!lockedUntil) showError(e);
    } finally {
      setBusy(false);
    }
  };

  const signOut = () => {
    setSigningOut(true);
    void logout();
  };

  return (
    <AuthBackdrop dark>
      <Box w="full" maxW="340px" textAlign="center" color="white" data-testid="lock-screen">
        <Stack align="center" gap={3} mb={6}>
          <Avatar.Root size="2xl" colorPalette="blue" aria-hidden>
            <Avatar.Fallback name={user?.userName ?? '?'} />
          </Avatar.Root>
          <Text fontSize="lg" fontWeight="semibold">
            {user?.userName}
          </Text>
          <Text as="h1" fontSize="sm" color="whiteAlpha.800" display="flex" alignItems="center" gap={1.5}>
            <Icon name="lock" size={14} />
            {t('lock.title')}
          </Text>
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap={3}>
            <Field.Root invalid={failure !== null}>
              <Input
                type="password"
                name="password"
                autoFocus
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={t('lock.hint')}
                aria-label={t('lock.password')}
                bg="whiteAlpha.200"
                borderColor="whiteAlpha.400"
                color="white"
                _placeholder={{ color: 'whiteAlpha.700' }}
                data-testid="unlock-password"
              />
              {failure && (
                <Field.ErrorText color="red.300" data-testid={failure.lockedUntil ? 'unlock-locked-out' : 'unlock-wrong-password'}>
                  {failure.lockedUntil ? t('login.lockedOut', { time: lockoutTime(failure.lockedUntil) }) : t('lock.wrongPassword')}
                </Field.ErrorText>
              )}
            </Field.Root>
            <Button
              type="submit"
              colorPalette="blue"
              loading={busy}
              loadingText={t('lock.unlocking')}
              disabled={!password}
              data-testid="unlock-submit"
            >
              {t('lock.unlock')}
            </Button>
            <Button
              variant="ghost"
              color="whiteAlpha.900"
              _hover={{ bg: 'whiteAlpha.200' }}
              loading={signingOut}
              onClick={signOut}
              data-testid="lock-sign-out"
            >
              {t('shell.logout')}
            </Button>
          </Stack>
        </form>
      </Box>
    </AuthBackdrop>
  );
}
