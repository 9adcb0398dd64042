import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { PaperExportDocument, PaperExportFormat, TestPaperDto } from '@edu/sdk';
import { ModalDialog, ProgressBar, notify } from '@edu/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { saveFile } from '../../resources/file-actions.tsx';
import { useRunCall } from '../../resources/index.ts';

const DOCUMENTS: readonly PaperExportDocument[] = ['paper', 'answers', 'answerSheet'];
const FORMATS: readonly PaperExportFormat[] = ['pdf', 'docx'];

/** The print PDF of a document of the paper as a blob URL (revoked when it changes or the view closes). */
function usePreviewUrl(id: number, document: PaperExportDocument, enabled: boolean) {
  const runCall = useRunCall();
  const key = `${id}:${document}`;
  // The answer of the last request, by its key: a stale answer is never shown for another document.
  const [answer, setAnswer] = useState<{ key: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let created: string | null = null;
    runCall(api.testQuestion.previewTestPaper, { id, document }, { invalidates: [] }).then(
      (file) => {
        if (!live) return;
        created = URL.createObjectURL(file.blob);
        setAnswer({ key: `${id}:${document}`, url: created, failed: false });
      },
      () => live && setAnswer({ key: `${id}:${document}`, url: null, failed: true }),
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id, document, enabled, runCall]);
  const current = answer?.key === key ? answer : null;
  return { url: current?.url ?? null, failed: current?.failed ?? false };
}

/** Export buttons: DOCX or PDF of the paper, its answer key and its answer sheet, saved under the server's file name. */
export function PaperExportButtons({ paperId }: { paperId: number }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (document: PaperExportDocument, format: PaperExportFormat) => {
    setBusy(`${document}-${format}`);
    try {
      saveFile(await runCall(api.testQuestion.exportTestPaper, { id: paperId, document, format }, { invalidates: [] }));
      notify.success(t('papers.export.saved'));
    } catch {
      // runCall has shown the error.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="2">
      {DOCUMENTS.map((document) => (
        <HStack key={document} gap="2" wrap="wrap">
          <Text fontSize="sm" minW="20">
            {t(`papers.document.${document}`)}
          </Text>
          {FORMATS.map((format) => (
            <Button
              key={format}
              size="xs"
              variant="outline"
              loading={busy === `${document}-${format}`}
              disabled={busy !== null}
              onClick={() => void run(document, format)}
              aria-label={t('papers.export.aria', { format: format.toUpperCase(), document: t(`papers.document.${document}`) })}
              data-testid={`export-${document}-${format}`}
            >
              {t('papers.export.button', { format: format.toUpperCase(), document: t(`papers.document.${document}`) })}
            </Button>
          ))}
        </HStack>
      ))}
    </Stack>
  );
}

/**
 * 预览: the print PDF itself in the browser's viewer (preview equals print),
 * a tab per document, and the export buttons beside it.
 */
export function PaperPreviewDialog({ open, onClose, paper }: { open: boolean; onClose: () => void; paper: Pick<TestPaperDto, 'id' | 'title'> }) {
  const { t } = useTranslation();
  const [document, setDocument] = useState<PaperExportDocument>('paper');
  const { url, failed } = usePreviewUrl(paper.id, document, open);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('papers.preview.title', { title: paper.title })}
      size="cover"
      closeOnInteractOutside
      data-testid="paper-preview-dialog"
    >
      <Stack gap="3" h="full">
        <HStack gap="2" role="group" aria-label={t('papers.preview.documents')}>
          {DOCUMENTS.map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === document ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={d === document}
              onClick={() => setDocument(d)}
            >
              {t(`papers.document.${d}`)}
            </Button>
          ))}
        </HStack>
        <HStack align="stretch" gap="4" flex="1" minH="70vh">
          <Box flex="1" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.muted">
            {url ? (
              <iframe
                src={url}
                title={t('papers.preview.frame', { title: paper.title, document: t(`papers.document.${document}`) })}
                style={{ width: '100%', height: '100%', minHeight: '70vh', border: 0 }}
                data-testid="paper-preview-frame"
              />
            ) : failed ? (
              <Text p="4" color="fg.error">
                {t('papers.preview.failed')}
              </Text>
            ) : (
              <Box p="4">
                <ProgressBar value={undefined} label={t('papers.preview.loading')} />
              </Box>
            )}
          </Box>
          <Box w="72" flexShrink={0}>
            <Text fontWeight="semibold" mb="2">
              {t('papers.export.title')}
            </Text>
            <PaperExportButtons paperId={paper.id} />
          </Box>
        </HStack>
      </Stack>
    </ModalDialog>
  );
}
