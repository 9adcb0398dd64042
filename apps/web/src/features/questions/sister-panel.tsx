import { Badge, Box, Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TestQuestionDto } from '@edu/sdk';
import { ModalDialog, notify, PlusIcon, SearchIcon, TrashIcon } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi, useRunCall, type RowAction, type RowDialogProps } from '../../resources/index.ts';
import { listQuestions } from '../../shared/questions/question-api.ts';
import { LazyQuestionEditor } from './question-actions.tsx';

function QuestionLine({ q, current }: { q: TestQuestionDto; current?: boolean }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" minW="0" flex="1">
      <Text color="fg.muted" fontSize="sm" flexShrink={0}>
        #{q.id}
      </Text>
      <Badge variant="subtle" flexShrink={0}>
        {t(`questions.type.${q.questionType}`)}
      </Badge>
      <Text truncate title={q.title}>
        {q.title}
      </Text>
      {current && (
        <Badge colorPalette="brand" flexShrink={0}>
          {t('questions.sisters.current')}
        </Badge>
      )}
    </HStack>
  );
}

/**
 * 姊妹题: a question's family (`GetAllQuestion?SisterGroupId=`), adding an
 * existing question found by keyword (`ImportSisterQuestion { id, sisterId }`)
 * or a new one written in the editor (`{ id, question }`), and taking one out
 * (`DeleteSisterQuestion?Id=`; it stays in the bank).
 */
function SisterDialog({ open, onClose, row }: RowDialogProps<TestQuestionDto>) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  // The row may be stale (a sister was just added): the family is read from the question as it is now.
  const current = useApi(api.testQuestion.get, open ? { Id: row.id } : null);
  const groupId = current.data?.sisterGroupId ?? null;
  const family = useApi(listQuestions, groupId ? { SisterGroupId: groupId, MaxResultCount: 100, Sorting: 'id' } : null);
  const members = groupId ? (family.data?.items ?? []) : current.data ? [current.data] : [];
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const found = useApi(listQuestions, keyword === null ? null : { Keyword: keyword, MaxResultCount: 8, IsUniversity: row.isUniversity });
  const candidates = (found.data?.items ?? []).filter((q) => !members.some((m) => m.id === q.id));
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      // The family list is keyed by the group id, which the write may have just created.
      await current.mutate();
      void family.mutate();
      notify.success(t(done));
    } catch {
      // runCall has shown the error.
    } finally {
      setBusy(false);
    }
  };
  const add = (sisterId: number) => run(() => runCall(api.testQuestion.importSisterQuestion, { id: row.id, sisterId }), 'questions.sisters.added');
  const removeOne = (id: number) => run(() => runCall(api.testQuestion.deleteSisterQuestion, { Id: id }), 'questions.sisters.removed');

  return (
    <>
      <ModalDialog
        open={open}
        onOpenChange={(o) => !o && onClose()}
        title={t('questions.sisters.title', { id: row.id })}
        size="lg"
        data-testid="sister-dialog"
      >
        <Stack gap="5">
          <Box>
            <Text fontWeight="semibold" mb="2">
              {t('questions.sisters.family', { count: members.length })}
            </Text>
            {members.length <= 1 && (
              <Text color="fg.muted" fontSize="sm" mb="2">
                {t('questions.sisters.none')}
              </Text>
            )}
            <Stack gap="1" as="ul" data-testid="sister-family">
              {members.map((m) => (
                <Flex as="li" key={m.id} gap="2" align="center" py="1" borderBottomWidth="1px" data-testid="sister-member">
                  <QuestionLine q={m} current={m.id === row.id} />
                  {groupId && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      disabled={busy}
                      onClick={() => void removeOne(m.id)}
                      aria-label={t('questions.sisters.removeOf', { id: m.id })}
                      data-testid="sister-remove"
                    >
                      <TrashIcon />
                      {t('questions.sisters.remove')}
                    </Button>
                  )}
                </Flex>
              ))}
            </Stack>
          </Box>
          <Box>
            <Text fontWeight="semibold" mb="2">
              {t('questions.sisters.addExisting')}
            </Text>
            <HStack gap="2">
              <Input
                size="sm"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && setKeyword(draft.trim())}
                placeholder={t('questions.sisters.searchPlaceholder')}
                aria-label={t('questions.sisters.searchPlaceholder')}
                data-testid="sister-search"
              />
              <Button size="sm" variant="subtle" colorPalette="brand" onClick={() => setKeyword(draft.trim())} data-testid="sister-search-button">
                <SearchIcon />
                {t('filters.search')}
              </Button>
            </HStack>
            {keyword !== null && (
              <Stack gap="1" mt="2" as="ul" data-testid="sister-candidates">
                {candidates.length === 0 && !found.isLoading && (
                  <Text as="li" color="fg.muted" fontSize="sm">
                    {t('questions.sisters.noMatch')}
                  </Text>
                )}
                {candidates.map((q) => (
                  <Flex as="li" key={q.id} gap="2" align="center" py="1" data-testid="sister-candidate">
                    <QuestionLine q={q} />
                    <Button size="xs" variant="outline" disabled={busy} onClick={() => void add(q.id)} data-testid="sister-add">
                      <PlusIcon />
                      {t('questions.sisters.add')}
                    </Button>
                  </Flex>
                ))}
              </Stack>
            )}
          </Box>
          <Box>
            <Button size="sm" variant="outline" onClick={() => setCreating(true)} data-testid="sister-create">
              <PlusIcon />
              {t('questions.sisters.createNew')}
            </Button>
          </Box>
        </Stack>
      </ModalDialog>
      {creating && (
        <LazyQuestionEditor
          open
          onClose={() => setCreating(false)}
          title={t('questions.sisters.createTitle', { id: row.id })}
          defaults={{ categoryId: row.categoryId, chapterTypeId: row.chapterTypeId, questionType: row.questionType, isUniversity: row.isUniversity }}
          create={async (question) => {
            const saved = await runCall(api.testQuestion.importSisterQuestion, { id: row.id, question }, { silent: true });
            await current.mutate();
            return saved;
          }}
        />
      )}
    </>
  );
}

/** 姊妹题 on a row. */
export const sisterAction: RowAction<TestQuestionDto> = {
  key: 'sisters',
  labelKey: 'questions.actions.sisters',
  permission: api.testQuestion.importSisterQuestion.endpoint.access,
  dialog: SisterDialog,
};
