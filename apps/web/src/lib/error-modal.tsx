import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTexts } from './texts.ts';
import { closeCurrent, useErrorQueue } from './error-queue.ts';

/** The spec's error modal: the first queued error (errors.tsx), the next after OK. Loaded with the first error. */
export default function ErrorModal() {
  const { t } = useTexts();
  const current = useErrorQueue();
  const title = current ? (current.title ?? t(current.titleKey ?? 'errors.unknownTitle')) : '';
  const content = current ? (current.content ?? (current.contentKey ? t(current.contentKey, current.contentValues) : '')) : '';
  return (
    <Dialog.Root
      open={Boolean(current)}
      onOpenChange={(e) => {
        if (!e.open) closeCurrent();
      }}
      role="alertdialog"
      placement="top"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="error-modal">
            <Dialog.Header>
              <Dialog.Title color="red.600">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-wrap" color="fg.muted">
                {content}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={closeCurrent} data-testid="error-modal-ok">
                {t('common.ok')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
