import { Button, Field, Flex, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TestQuestionDto } from '@edu/sdk';
import { Cascader, ModalDialog, type SelectOption } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { FileInput, saveResult } from '../../resources/file-actions.tsx';
import { AllOrNothingCheckbox, ImportButtons, ImportOutcome, useImportFlow } from '../../resources/import-dialog.tsx';
import { useRunCall, type ActionDialogProps } from '../../resources/index.ts';
import { ClassType, useCategoryTree } from '../categories.tsx';
import { DocumentPreview } from './import-preview.tsx';
import { useChaptersOf } from './question-api.ts';

const importCall = api.testQuestion.importQuestions;
const fileField = importCall.endpoint.files[0]!;
const PREFIX = 'questions.import';

/**
 * 导入试题: download the template; choose a file (.xlsx/.csv/.docx/.txt), the
 * category (and chapter) and whether any bad row stops the whole import; a dry
 * run lists every row's errors and the duplicates with the counts (a Word/TXT
 * file also question by question, its lines beside what was read); then the
 * commit writes (one transaction), with the job's progress bar and the report
 * of rejected rows to download.
 */
export function ImportDialog({ open, onClose, ctx, university }: ActionDialogProps<TestQuestionDto> & { university: boolean }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const tree = useCategoryTree(ClassType.Question);
  const [file, setFile] = useState<File | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [chapterTypeId, setChapterTypeId] = useState<number | null>(null);
  const chapters = useChaptersOf(categoryId);
  const flow = useImportFlow(
    async (mode, allOrNothing) => {
      if (!file || !categoryId) throw new Error('not ready');
      const job = await runCall(
        importCall,
        { file, categoryId, ...(chapterTypeId ? { chapterTypeId } : {}), isUniversity: university, mode, allOrNothing },
        { invalidates: [] },
      );
      return job.id;
    },
    () => ctx.refresh(),
  );
  const downloadTemplate = async () => {
    try {
      await saveResult(await runCall(api.testQuestion.getQuestionImportTemplate, {}, { invalidates: [] }));
    } catch {
      // shown by the error modal
    }
  };
  const setupLocked = flow.phase.kind !== 'setup' && !flow.dryRunDone;

  const footer = (
    <>
      {!flow.committed && (
        <Button variant="outline" onClick={onClose}>
          {t('form.cancel')}
        </Button>
      )}
      <ImportButtons
        flow={flow}
        canStart={!!file && !!categoryId}
        done={
          <Button onClick={onClose} data-testid="import-close">
            {t('import.close')}
          </Button>
        }
      />
    </>
  );

  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(university ? 'questions.import.titleUs' : 'questions.import.title')}
      size="xl"
      footer={footer}
      data-testid="import-dialog"
    >
      <Stack gap="4">
        <Flex gap="3" align="center" justify="space-between" wrap="wrap" p="3" bg="bg.subtle" borderRadius="md">
          <Stack gap="1" flex="1" minW="60">
            <Text fontSize="sm" color="fg.muted">
              {t('questions.import.formats')}
            </Text>
            <Text fontSize="sm" color="fg.muted" data-testid="import-migration-formats">
              {t('questions.import.migrationFormats')}
            </Text>
          </Stack>
          <Button size="sm" variant="outline" onClick={() => void downloadTemplate()} data-testid="import-template">
            {t('import.template')}
          </Button>
        </Flex>
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
        {flow.phase.kind === 'setup' && <FileInput field={fileField} onFile={setFile} disabled={flow.busy} />}
        {file && (
          <Text fontSize="sm" data-testid="upload-file-name">
            {t('files.selected', { name: file.name, size: `${Math.max(1, Math.ceil(file.size / 1024))} KB` })}
          </Text>
        )}
        <AllOrNothingCheckbox flow={flow} />
        <ImportOutcome flow={flow} prefix={PREFIX} duplicates />
        <DocumentPreview result={flow.result} />
      </Stack>
    </ModalDialog>
  );
}

/** 分类 and 章节 of imported questions (the bank's dialog and a paper's file import). */
export function QuestionTargetFields({
  categoryId,
  chapterTypeId,
  chapters,
  tree,
  disabled,
  onCategory,
  onChapter,
}: {
  categoryId: number | null;
  chapterTypeId: number | null;
  chapters: readonly SelectOption[];
  tree: ReturnType<typeof useCategoryTree>;
  disabled: boolean;
  onCategory: (id: number | null) => void;
  onChapter: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
      <Field.Root required>
        <Field.Label>
          {t('resources.testQuestion.fields.categoryId')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Cascader
          options={tree}
          value={categoryId}
          onChange={(v) => onCategory(typeof v === 'number' ? v : null)}
          changeOnSelect
          disabled={disabled}
          aria-label={t('resources.testQuestion.fields.categoryId')}
          data-testid="import-category"
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('resources.testQuestion.fields.chapterTypeId')}</Field.Label>
        <NativeSelect.Root disabled={disabled || !categoryId}>
          <NativeSelect.Field
            value={chapterTypeId ?? ''}
            onChange={(e) => onChapter(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            data-testid="import-chapter"
          >
            <option value="">{t('questions.editor.noChapter')}</option>
            {chapters.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </SimpleGrid>
  );
}
