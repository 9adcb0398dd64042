import { Badge, Box, Button, Flex, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { QuestionnaireQuestionType, type QuestionnaireListDto, type QuestionnaireQuestionResult } from '@edu/sdk';
import { CHART_COLORS, DonutChart, formatDateTimeUtc8, ModalDialog } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/client.ts';
import { useApi, type RowDialogProps } from '../../../resources/index.ts';

/**
 * 答卷统计: the answers collected so far (`Questionnaire/GetResult`), per
 * question: each option's count and share as a bar, single-choice questions
 * also as a donut (the ui package's SVG charts, the ones the question
 * statistics use; this dialog is its own lazy chunk), and text answers paged
 * from `GetTextAnswers` with a keyword search.
 */

const TEXT_PAGE = 5;

function OptionBars({ question }: { question: QuestionnaireQuestionResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" as="ul" listStyleType="none" m="0" p="0" aria-label={t('questionnaire.results.optionsOf', { title: question.title })}>
      {question.options.map((o, i) => (
        <Box as="li" key={o.optionId} data-testid="result-option">
          <Flex justify="space-between" fontSize="sm" gap="3">
            <Text truncate title={o.content}>
              {String.fromCharCode(65 + i)}. {o.content}
            </Text>
            <Text flexShrink={0} color="fg.muted">
              {t('questionnaire.results.countShare', { count: o.count, percent: o.percent })}
            </Text>
          </Flex>
          <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
            <Box h="full" width={`${o.percent}%`} bg={CHART_COLORS[i % CHART_COLORS.length]} borderRadius="full" />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function TextAnswers({ questionnaireId, question }: { questionnaireId: number; question: QuestionnaireQuestionResult }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState('');
  const answers = useApi(api.questionnaire.getTextAnswers, {
    QuestionnaireId: questionnaireId,
    QuestionId: question.questionId,
    SkipCount: page * TEXT_PAGE,
    MaxResultCount: TEXT_PAGE,
    ...(keyword.trim() && { Keyword: keyword.trim() }),
  });
  const total = answers.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / TEXT_PAGE));
  return (
    <Stack gap="2" data-testid="result-texts">
      <Input
        size="sm"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setPage(0);
        }}
        placeholder={t('questionnaire.results.searchTexts')}
        aria-label={t('questionnaire.results.searchTextsOf', { title: question.title })}
      />
      {!answers.data && <Spinner size="sm" aria-label={t('app.loading')} />}
      {answers.data?.items.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('questionnaire.results.noTexts')}
        </Text>
      )}
      <Stack gap="1.5" as="ul" listStyleType="none" m="0" p="0">
        {answers.data?.items.map((a) => (
          <Box as="li" key={a.responseId} borderLeftWidth="3px" borderColor="brand.solid" ps="3" py="1" data-testid="result-text">
            <Text fontSize="sm">{a.text}</Text>
            <Text fontSize="xs" color="fg.muted">
              {a.isVisitor ? (
                <Badge size="xs" variant="subtle" colorPalette="orange" me="1" data-testid="result-text-visitor">
                  {t('questionnaire.results.visitor')}
                </Badge>
              ) : (
                `${a.respondentName ?? t('questionnaire.results.anonymous')} `
              )}
              · {formatDateTimeUtc8(a.creationTime)}
            </Text>
          </Box>
        ))}
      </Stack>
      {total > TEXT_PAGE && (
        <Flex align="center" gap="2" fontSize="sm">
          <Button size="xs" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('questionnaire.results.previous')}
          </Button>
          <Text>{t('questionnaire.results.page', { page: page + 1, pages, total })}</Text>
          <Button size="xs" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('questionnaire.results.next')}
          </Button>
        </Flex>
      )}
    </Stack>
  );
}

function QuestionResult({ index, questionnaireId, question }: { index: number; questionnaireId: number; question: QuestionnaireQuestionResult }) {
  const { t } = useTranslation();
  const single = question.questionType === QuestionnaireQuestionType.values.SingleChoice;
  const text = question.questionType === QuestionnaireQuestionType.values.Text;
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p="4" aria-labelledby={`q-${question.questionId}`} data-testid="result-question">
      <Flex gap="2" align="baseline" wrap="wrap" mb="3">
        <Text as="h3" id={`q-${question.questionId}`} fontWeight="semibold">
          {index + 1}. {question.title}
        </Text>
        <Badge size="sm" variant="subtle">
          {t(`questionnaire.questionTypes.${question.questionType}`)}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {text ? t('questionnaire.results.texts', { count: question.textCount }) : t('questionnaire.results.answered', { count: question.answered })}
        </Text>
      </Flex>
      {text ? (
        <TextAnswers questionnaireId={questionnaireId} question={question} />
      ) : single ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="center">
          <OptionBars question={question} />
          <DonutChart
            items={question.options.map((o, i) => ({ name: `${String.fromCharCode(65 + i)}. ${o.content}`, value: o.count }))}
            size={150}
            centerLabel={t('questionnaire.results.answeredShort')}
            emptyText={t('questionnaire.results.none')}
            aria-label={t('questionnaire.results.chartOf', { title: question.title })}
          />
        </SimpleGrid>
      ) : (
        <OptionBars question={question} />
      )}
    </Box>
  );
}

/** The row action's dialog (`results`). */
export default function ResultsDialog({ open, onClose, row }: RowDialogProps<QuestionnaireListDto>) {
  const { t } = useTranslation();
  const result = useApi(api.questionnaire.getResult, open ? { Id: row.id } : null, { fresh: true });
  const r = result.data;
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('questionnaire.results.title', { title: row.title })}
      size="xl"
      closeOnInteractOutside
      data-testid="questionnaire-results"
    >
      {!r && !result.error && <Spinner size="sm" aria-label={t('app.loading')} />}
      {r && (
        <Stack gap="4">
          <Flex gap="4" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="result-summary">
            <Text>
              <Text as="span" fontSize="2xl" fontWeight="bold" color="fg" me="1" data-testid="result-count">
                {r.responseCount}
              </Text>
              {t('questionnaire.results.responses')}
            </Text>
            <Text alignSelf="flex-end">{t('questionnaire.results.members', { count: r.memberResponseCount })}</Text>
            {r.responseCount > r.memberResponseCount && (
              <Text alignSelf="flex-end" data-testid="result-visitors">
                {t('questionnaire.results.visitors', { count: r.responseCount - r.memberResponseCount })}
              </Text>
            )}
            {r.firstResponseTime && r.lastResponseTime && (
              <Text alignSelf="flex-end">
                {t('questionnaire.results.period', { from: formatDateTimeUtc8(r.firstResponseTime), to: formatDateTimeUtc8(r.lastResponseTime) })}
              </Text>
            )}
            {r.isAnonymous && (
              <Badge alignSelf="flex-end" variant="subtle" colorPalette="purple">
                {t('questionnaire.anonymous')}
              </Badge>
            )}
          </Flex>
          {r.questions.map((q, i) => (
            <QuestionResult key={q.questionId} index={i} questionnaireId={r.questionnaireId} question={q} />
          ))}
        </Stack>
      )}
    </ModalDialog>
  );
}
