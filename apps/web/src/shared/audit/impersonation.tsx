import { Button, Text } from '@chakra-ui/react';
import { Permissions, type ImpersonateOutput, type UserDto } from '@edu/sdk';
import { ModalDialog } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAbpState } from '../../lib/abp-store.ts';
import { api } from '../../lib/client.ts';
import { setAuthCookies, setTenancyNameCookie, setTenantIdCookie } from '../../lib/cookies.ts';
import { useAbp } from '../../lib/permissions.ts';
import type { RowAction, RowDialogProps } from '../../resources/index.ts';

/**
 * Trades a one-time impersonation ticket (`Account/Impersonate` or
 * `Account/BackToImpersonator`) for an access token, stores it as the
 * sign-in (a session cookie) on the ticket's tenant, and starts the console
 * again signed in as that user.
 */
export async function signInWithTicket(ticket: ImpersonateOutput, tenantId: number | null): Promise<void> {
  const token = await api.tokenAuth.impersonatedAuthenticate({ impersonationToken: ticket.impersonationToken });
  setAuthCookies(token, false);
  setTenantIdCookie(tenantId);
  setTenancyNameCookie(ticket.tenancyName);
  try {
    sessionStorage.clear();
  } catch {
    // The session's cached values are only hints; the new sign-in reads its own.
  }
  window.location.assign('/main/home');
}

function ImpersonateDialog({ open, onClose, row }: RowDialogProps<UserDto>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const tenantId = row.tenantId ?? null;
      await signInWithTicket(await api.account.impersonate({ tenantId, userId: row.id }), tenantId);
    } catch {
      // Refused (oneself, more permissions than the caller, ...): shown by the error modal with the reason.
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('audit.impersonation.title')}
      size="sm"
      data-testid="impersonate-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('audit.impersonation.cancel')}
          </Button>
          <Button colorPalette="brand" loading={busy} onClick={() => void go()} data-testid="impersonate-confirm">
            {t('audit.impersonation.confirm')}
          </Button>
        </>
      }
    >
      <Text>{t('audit.impersonation.ask', { name: row.userName })}</Text>
    </ModalDialog>
  );
}

/** 模拟登录 row action of the user list: for holders of Pages.Administration.Users.Impersonation, not on oneself. */
export const impersonateAction: RowAction<UserDto> = {
  key: 'impersonate',
  labelKey: 'audit.impersonation.action',
  permission: Permissions.UsersImpersonation,
  visible: (row) => row.id !== (getAbpState().config?.session.userId ?? null),
  dialog: ImpersonateDialog,
};

/** The impersonation of the current sign-in (AbpUserConfiguration's session), or null. */
export function useImpersonation(): { impersonatorUserId: number; impersonatorTenantId: number | null } | null {
  const config = useAbp();
  const s = config?.session;
  if (!s || s.impersonatorUserId === null) return null;
  return { impersonatorUserId: s.impersonatorUserId, impersonatorTenantId: s.impersonatorTenantId };
}

/** 返回: back to the impersonator's own sign-in. */
export async function backToImpersonator(impersonatorTenantId: number | null): Promise<void> {
  await signInWithTicket(await api.account.backToImpersonator({}), impersonatorTenantId);
}
