import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useUiLabels } from './labels.tsx';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'cover' | 'full';
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Close on a click outside (default false: forms must not lose input by accident). */
  closeOnInteractOutside?: boolean;
  'data-testid'?: string;
}

/** A centred dialog with a title, a scrolling body and a footer. */
export function ModalDialog(props: ModalDialogProps) {
  const labels = useUiLabels();
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => props.onOpenChange(e.open)}
      size={props.size ?? 'md'}
      placement="center"
      role={props.role ?? 'dialog'}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={props.closeOnInteractOutside ?? false}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props['data-testid']}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            {props.footer && <Dialog.Footer>{props.footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={labels.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deletes). */
  destructive?: boolean;
  /** May be async: the button spins until it settles; the dialog closes on success. */
  onConfirm: () => unknown;
}

/** Asks before doing something irreversible ("确定要删除吗？"). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const labels = useUiLabels();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
      props.onOpenChange(false);
    } catch {
      // The caller reports the error (global error modal); keep the dialog open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      open={props.open}
      onOpenChange={(open) => !busy && props.onOpenChange(open)}
      title={props.title}
      size="sm"
      role="alertdialog"
      data-testid="confirm-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => props.onOpenChange(false)} disabled={busy}>
            {props.cancelLabel ?? labels.cancel}
          </Button>
          <Button colorPalette={props.destructive ? 'red' : 'brand'} onClick={() => void confirm()} loading={busy} data-testid="confirm-ok">
            {props.confirmLabel ?? labels.confirm}
          </Button>
        </>
      }
    >
      {props.description && <Text color="fg.muted">{props.description}</Text>}
    </ModalDialog>
  );
}
