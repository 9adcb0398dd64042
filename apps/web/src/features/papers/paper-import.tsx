import { Box, Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { paperImportResultOf, type TestPaperDto } from '@edu/sdk';
import { ModalDialog } from '@edu/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { FileInput, saveResult } from '../../resources/file-actions.tsx';
import { AllOrNothingCheckbox, ImportButtons, ImportOutcome, useImportFlow, type ImportFlow } from '../../resources/import-dialog.tsx';
import { useRunCall } from '../../resources/index.ts';
import { ClassType, useCategoryTree } from '../../shared/categories.tsx';
import { QuestionTargetFields } from '../../shared/questions/import-dialog.tsx';
import { useChaptersOf } from '../../shared/questions/question-api.ts';

const PREFIX = 'papers.import';
/** The bank import's file field (types, 20 MB), so the picker offers the same files. */
const fileField = api.testQuestion.importQuestions.endpoint.files[0]!;

/** What the run did (or would do) to the paper: how many questions join it, and the rows that do not. */
function Placement({ flow }: { flow: ImportFlow }) {
  const { t } = useTranslation();
  const placed = flow.job ? paperImportResultOf(flow.job)?.paper : undefined;
  if (!placed || !flow.result) return null;
  const done = flow.result.mode === 'commit' && flow.result.committed;
  return (
    <Stack gap="1" data-testid="import-paper" data-added={placed.added}>
      <Text fontWeight="semibold">{t(done ? 'papers.import.paperAdded' : 'papers.import.paperWould', { count: placed.added })}</Text>
      {placed.skipped.slice(0, 50).map((s) => (
        <Text key={s.row} fontSize="sm" color="fg.muted">
          {t(`papers.import.skipped.${s.reason}`, { row: s.row, id: s.questionId })}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * 从文件导入 on the workbench: the bank's import (same formats, template,
 * checks and report) into a question category, plus the paper: the section
 * the questions join (by type, or one chosen), and what joins it. The file is
 * uploaded once (`File/UploadFile`); the dry run and the commit name it by
 * token (`ImprotQuestionOfPaper` with `fileToken`).
 */
export function PaperImportDialog({ paper, onClose, onImported }: { paper: TestPaperDto; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const tree = useCategoryTree(ClassType.Question);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [chapterTypeId, setChapterTypeId] = useState<number | null>(null);
  const [sectionId, setSectionId] = useState<number | null>(null);
  const chapters = useChaptersOf(categoryId);
  // One upload per chosen file: the commit reuses the dry run's.
  const uploaded = useRef<{ file: File; token: string } | null>(null);
  const flow = useImportFlow(async (mode, allOrNothing) => {
    if (!file || !categoryId) throw new Error('not ready');
    if (uploaded.current?.file !== file) {
      const dto = await runCall(api.file.uploadFile, { file }, { invalidates: [] });
      uploaded.current = { file, token: dto.fileToken };
    }
    const started = await runCall(
      api.testPaper.improtQuestionOfPaper,
      {
        id: paper.id,
        fileToken: uploaded.current.token,
        categoryId,
        ...(chapterTypeId ? { chapterTypeId } : {}),
        ...(sectionId ? { sectionId } : {}),
        mode,
        allOrNothing,
      },
      { invalidates: [] },
    );
    if (!started.job) throw new Error('no job');
    return started.job.id;
  }, onImported);
  const downloadTemplate = async () => {
    try {
      await saveResult(await runCall(api.testQuestion.getQuestionImportTemplate, {}, { invalidates: [] }));
    } catch {
      // shown by the error modal
    }
  };
  const setupLocked = flow.phase.kind !== 'setup' && !flow.dryRunDone;

  return (
    <ModalDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('papers.import.title')}
      size="xl"
      data-testid="paper-import-dialog"
      footer={
        <>
          {!flow.committed && (
            <Button variant="outline" onClick={onClose}>
              {t('form.cancel')}
            </Button>
          )}
          <ImportButtons
            flow={flow}
            canStart={!!file && !!categoryId}
            onRestart={() => {
              setFile(null);
              setFileKey((k) => k + 1);
            }}
            done={
              <Button onClick={onClose} data-testid="import-close">
                {t('import.close')}
              </Button>
            }
          />
        </>
      }
    >
      <Stack gap="4">
        <Box p="3" bg="bg.subtle" borderRadius="md">
          <Text fontSize="sm" color="fg.muted" mb="2">
            {t('papers.import.formats')}
          </Text>
          <Button size="sm" variant="outline" onClick={() => void downloadTemplate()} data-testid="import-template">
            {t('import.template')}
          </Button>
        </Box>
        <QuestionTargetFields
          categoryId={categoryId}
          chapterTypeId={chapterTypeId}
          chapters={chapters}
          tree={tree}
          disabled={setupLocked}
          onCategory={(v) => {
            setCategoryId(v);
            setChapterTypeId(null);
          }}
          onChapter={setChapterTypeId}
        />
        <Field.Root>
          <Field.Label>{t('papers.import.section')}</Field.Label>
          <NativeSelect.Root disabled={setupLocked}>
            <NativeSelect.Field
              value={sectionId ?? ''}
              onChange={(e) => setSectionId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              data-testid="import-section"
            >
              <option value="">{t('papers.import.sectionAuto')}</option>
              {paper.sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {flow.phase.kind === 'setup' && <FileInput key={fileKey} field={fileField} onFile={setFile} disabled={flow.busy} />}
        {file && (
          <Text fontSize="sm" data-testid="upload-file-name">
            {t('files.selected', { name: file.name, size: `${Math.max(1, Math.ceil(file.size / 1024))} KB` })}
          </Text>
        )}
        <AllOrNothingCheckbox flow={flow} />
        <ImportOutcome flow={flow} prefix={PREFIX} duplicates summary={<Placement flow={flow} />} />
      </Stack>
    </ModalDialog>
  );
}
