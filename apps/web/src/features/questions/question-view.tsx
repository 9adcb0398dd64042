import { Badge, Box, Collapsible, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { QuestionType, type TestQuestionDto } from '@edu/sdk';
import { ChevronDownIcon, ModalDialog } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditBadge, type RowAction, type RowDialogProps } from '../../resources/index.ts';
import { proseStyles } from '../../resources/rich-text/prose.ts';
import { useMathHtml } from '../../resources/rich-text/use-math.ts';
import { answerKeys, answerKind, markBlanks } from '../../shared/questions/question-form.ts';

type SubQuestion = TestQuestionDto['subQuestions'][number];
type Viewable = Pick<SubQuestion, 'questionType' | 'stem' | 'analysis' | 'score' | 'trueFalseAnswer' | 'blanks' | 'referenceAnswer'> & {
  options: ReadonlyArray<{ label: string; content: string; isCorrect: boolean }>;
};

/** Rich text the server sanitized on save (no script or handler survives), its equations typeset (KaTeX's markup, trust off). */
function Html({ html, testId }: { html: string; testId?: string }) {
  return <Box css={proseStyles} dangerouslySetInnerHTML={{ __html: useMathHtml(html) }} data-testid={testId} />;
}

const blankStyles = {
  '& .q-blank': {
    display: 'inline-block',
    minWidth: '4rem',
    borderBottom: '1px solid',
    borderColor: 'fg',
    textAlign: 'center',
    marginInline: '0.25rem',
    color: 'fg.muted',
    fontSize: 'xs',
    lineHeight: '1.2',
    verticalAlign: 'baseline',
  },
};

/** The stem with its blanks (`____`) drawn as numbered underlines, as on a paper. */
function Stem({ q }: { q: Viewable }) {
  const html =
    answerKind(q.questionType) === 'blanks'
      ? markBlanks(q.stem, (n) => `<span class="q-blank" data-testid="preview-blank"><sup>${n}</sup></span>`)
      : q.stem;
  return <Box css={[proseStyles, blankStyles]} dangerouslySetInnerHTML={{ __html: useMathHtml(html) }} data-testid="preview-stem" />;
}

/** The answer as a teacher reads it (keys, 正确/错误, each blank's alternatives, the reference). */
function Answer({ q }: { q: Viewable }) {
  const { t } = useTranslation();
  switch (answerKind(q.questionType)) {
    case 'options':
      return (
        <Stack gap="1">
          <Text fontWeight="semibold">{answerKeys(q.options) || '—'}</Text>
          {q.questionType === QuestionType.values.IndefiniteChoice && (
            <Text fontSize="sm" color="fg.muted" data-testid="preview-indefinite-rule">
              {t('questions.preview.indefiniteRule')}
            </Text>
          )}
        </Stack>
      );
    case 'trueFalse':
      return <Text fontWeight="semibold">{q.trueFalseAnswer === null ? '—' : t(`questions.trueFalse.${String(q.trueFalseAnswer)}`)}</Text>;
    case 'blanks':
      return (
        <Stack gap="1">
          {(q.blanks ?? []).map((b, i) => (
            <Text key={i}>{t('questions.preview.blankAnswer', { n: i + 1, answers: b.answers.join(' / ') })}</Text>
          ))}
        </Stack>
      );
    case 'reference':
      return <Text whiteSpace="pre-wrap">{q.referenceAnswer || '—'}</Text>;
    case 'material':
      return null;
  }
}

/** Answer and analysis, folded away until asked for (a student sees the question first). */
function Solution({ q }: { q: Viewable }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (answerKind(q.questionType) === 'material') return null;
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="ghost" colorPalette="brand" data-testid="preview-toggle-answer">
          {t(open ? 'questions.preview.hideAnswer' : 'questions.preview.showAnswer')}
          <Box as="span" transform={open ? 'rotate(180deg)' : undefined} display="inline-flex">
            <ChevronDownIcon />
          </Box>
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="2" mt="2" p="3" bg="bg.subtle" borderRadius="md" data-testid="preview-answer">
          <HStack align="flex-start" gap="2">
            <Text color="fg.muted" flexShrink={0}>
              {t('questions.preview.answer')}
            </Text>
            <Answer q={q} />
          </HStack>
          {q.analysis && (
            <HStack align="flex-start" gap="2">
              <Text color="fg.muted" flexShrink={0}>
                {t('questions.preview.analysis')}
              </Text>
              <Html html={q.analysis} />
            </HStack>
          )}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** One question as a student sees it: stem, options A–J, blanks as underlines, then the folded answer. */
function QuestionBody({ q, number }: { q: Viewable; number?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Flex gap="2" align="flex-start">
        {number && <Text fontWeight="semibold">{number}</Text>}
        <Box flex="1" minW="0">
          <Stem q={q} />
        </Box>
        <Text color="fg.muted" fontSize="sm" flexShrink={0}>
          {t('questions.preview.score', { score: q.score })}
        </Text>
      </Flex>
      {q.options.length > 0 && answerKind(q.questionType) === 'options' && (
        <Stack gap="1.5" ps="4" data-testid="preview-options">
          {q.options.map((o) => (
            <Flex key={o.label} gap="2" align="baseline">
              <Text fontWeight="semibold">{o.label}.</Text>
              <Html html={o.content} />
            </Flex>
          ))}
        </Stack>
      )}
      {answerKind(q.questionType) === 'trueFalse' && (
        <HStack gap="6" ps="4" color="fg.muted">
          <Text>{t('questions.preview.choice', { label: t('questions.trueFalse.true') })}</Text>
          <Text>{t('questions.preview.choice', { label: t('questions.trueFalse.false') })}</Text>
        </HStack>
      )}
      {answerKind(q.questionType) === 'reference' && <Box h="16" borderBottomWidth="1px" borderStyle="dashed" aria-hidden="true" />}
      <Solution q={q} />
    </Stack>
  );
}

/** A whole question (a material passage with its sub-questions numbered （1）（2）…). */
export function QuestionView({ question }: { question: TestQuestionDto }) {
  const { t } = useTranslation();
  if (answerKind(question.questionType) !== 'material') return <QuestionBody q={question} />;
  return (
    <Stack gap="4">
      <Box p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle" data-testid="preview-material">
        <Text fontSize="sm" color="fg.muted" mb="1">
          {t('questions.preview.material')}
        </Text>
        <Html html={question.stem} testId="preview-stem" />
      </Box>
      {question.subQuestions.map((s, i) => (
        <Box key={i} data-testid="preview-sub-question">
          <QuestionBody q={s} number={t('questions.preview.subNumber', { n: i + 1 })} />
        </Box>
      ))}
      {question.analysis && (
        <Box>
          <Text color="fg.muted">{t('questions.preview.analysis')}</Text>
          <Html html={question.analysis} />
        </Box>
      )}
    </Stack>
  );
}

function PreviewDialog({ open, onClose, row }: RowDialogProps<TestQuestionDto>) {
  const { t } = useTranslation();
  const meta = [
    t(`questions.type.${row.questionType}`),
    t(`questions.difficulty.${row.difficulty}`),
    row.categoryName,
    row.chapterName,
    row.creatorName,
  ].filter(Boolean);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('questions.preview.title', { id: row.id })}
      size="lg"
      closeOnInteractOutside
      data-testid="preview-dialog"
    >
      <Stack gap="4">
        <Flex gap="2" align="center" justify="space-between" wrap="wrap">
          <HStack gap="2" wrap="wrap">
            {meta.map((m) => (
              <Badge key={m} variant="subtle">
                {m}
              </Badge>
            ))}
          </HStack>
          <AuditBadge row={row} />
        </Flex>
        <QuestionView question={row} />
      </Stack>
    </ModalDialog>
  );
}

/** 预览: the question as a student sees it (from the row: the list carries the whole question). */
export const previewQuestionAction: RowAction<TestQuestionDto> = {
  key: 'preview',
  labelKey: 'content.actions.preview',
  permission: 'authenticated',
  dialog: PreviewDialog,
};
