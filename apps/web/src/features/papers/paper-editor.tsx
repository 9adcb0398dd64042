import type { TestPaperDto } from '@edu/sdk';
import { ModalDialog } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperCell } from './paper-api.ts';
import { PaperPreviewDialog } from './paper-preview.tsx';
import { PaperWorkbench } from './paper-workbench.tsx';
import { RandomEditor } from './random-editor.tsx';
import { Button, HStack } from '@chakra-ui/react';

export interface EditorStart {
  mode: 'manual' | 'random';
  paperId: number | null;
}

/**
 * The paper editor, full screen: the workbench (manual) or the rule editor
 * (random). A generated paper opens in the workbench, where it can be tuned by
 * hand (its params stay the record of how it began); a saved paper can be
 * previewed from here.
 */
export function PaperEditorDialog({ open, onClose, cell, start }: { open: boolean; onClose: () => void; cell: PaperCell; start: EditorStart }) {
  const { t } = useTranslation();
  const [state, setState] = useState(start);
  const [paper, setPaper] = useState<Pick<TestPaperDto, 'id' | 'title'> | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const kind = t(`papers.kind.${cell.kind}`);
  const title =
    state.mode === 'random'
      ? t(state.paperId ? 'papers.editor.regenerateTitle' : 'papers.editor.randomTitle', { kind })
      : t(state.paperId ? 'papers.editor.editTitle' : 'papers.editor.createTitle', { kind });
  const saved = paper ?? (state.paperId ? { id: state.paperId, title: '' } : null);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      size="cover"
      data-testid="paper-editor"
      footer={
        <HStack gap="2">
          {saved && (
            <Button variant="outline" onClick={() => setPreviewing(true)} data-testid="editor-preview">
              {t('content.actions.preview')}
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('papers.editor.close')}
          </Button>
        </HStack>
      }
    >
      {state.mode === 'manual' ? (
        <PaperWorkbench key={state.paperId ?? 'new'} cell={cell} paperId={state.paperId} onSaved={setPaper} />
      ) : (
        <RandomEditor
          cell={cell}
          paperId={state.paperId}
          onGenerated={(p) => {
            setPaper(p);
            setState({ mode: 'manual', paperId: p.id });
          }}
        />
      )}
      {saved && previewing && <PaperPreviewDialog open={previewing} onClose={() => setPreviewing(false)} paper={saved} />}
    </ModalDialog>
  );
}
