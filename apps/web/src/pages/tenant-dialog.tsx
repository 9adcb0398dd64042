import { Button, HStack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { ModalDialog, TextField } from '@edu/ui';
import { switchTenant } from '../lib/auth.ts';
import { useTexts } from '../lib/texts.ts';
import { showError } from '../lib/errors.tsx';

/** The tenant switch (login page): a name, checked with Account/IsTenantAvailable; empty is the host. Loaded when it first opens. */
export default function TenantDialog({ open, onOpenChange, initial }: { open: boolean; onOpenChange: (o: boolean) => void; initial: string }) {
  const { t } = useTexts();
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
