import { Button, HStack } from '@chakra-ui/react';
import { ModalDialog } from '@edu/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { assemblePath, paperListOf, type PaperCell } from './paper-api.ts';
import { RandomEditor } from './random-editor.tsx';

/**
 * The rule editor of a random paper, full screen: generate a new paper, or
 * regenerate one. The generated paper opens on its assembly page, where it can
 * be tuned by hand (its params stay the record of how it began).
 */
export function RandomEditorDialog({
  open,
  onClose,
  cell,
  paperId,
}: {
  open: boolean;
  onClose: () => void;
  cell: PaperCell;
  paperId: number | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = t(`papers.kind.${cell.kind}`);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(paperId ? 'papers.editor.regenerateTitle' : 'papers.editor.randomTitle', { kind })}
      size="cover"
      data-testid="paper-editor"
      footer={
        <HStack gap="2">
          <Button variant="ghost" onClick={onClose}>
            {t('papers.editor.close')}
          </Button>
        </HStack>
      }
    >
      <RandomEditor
        cell={cell}
        paperId={paperId}
        onGenerated={(p) => {
          onClose();
          void navigate(assemblePath(paperListOf({ kind: p.kind, isUniversity: p.isUniversity }, 2), p.id));
        }}
      />
    </ModalDialog>
  );
}

/**
 * A list action that is a page, not a dialog: the list's action mechanism
 * opens a dialog component, this one goes to the page at once and closes.
 */
export function GoTo({ to, onClose }: { to: string; onClose: () => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onClose();
    void navigate(to);
  }, [navigate, onClose, to]);
  return null;
}
