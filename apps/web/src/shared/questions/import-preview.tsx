import { Badge, Box, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import type { ImportResult, ImportRowPreview } from '@edu/sdk';
import { useTranslation } from 'react-i18next';

const PREFIX = 'questions.import.preview';

/** One reading (a question or a material's sub-question): type, answer, blanks, score. */
function Reading({ reading }: { reading: Omit<ImportRowPreview, 'lines' | 'subs'> }) {
  const { t } = useTranslation();
  return (
    <Flex gap="2" wrap="wrap" align="center" fontSize="sm">
      <Badge colorPalette="blue">{t(`questions.type.${reading.questionType}`)}</Badge>
      {reading.indefinite && <Badge colorPalette="purple">{t(`${PREFIX}.indefinite`)}</Badge>}
      {reading.answer !== '' && <Text>{t(`${PREFIX}.answer`, { answer: reading.answer })}</Text>}
      {reading.blanks > 0 && <Text>{t(`${PREFIX}.blanks`, { count: reading.blanks })}</Text>}
      <Text color="fg.muted">{reading.score === null ? t(`${PREFIX}.defaultScore`) : t(`${PREFIX}.score`, { score: reading.score })}</Text>
    </Flex>
  );
}

/**
 * The dry run of a Word/TXT file side by side: each question's source lines
 * (with their numbers) on the left, what was read from them on the right.
 * Nothing for sheets (their rows carry no preview).
 */
export function DocumentPreview({ result }: { result: ImportResult | null }) {
  const { t } = useTranslation();
  const rows = result?.rows.filter((r) => r.preview) ?? [];
  if (!rows.length) return null;
  return (
    <Stack gap="2" data-testid="import-preview">
      <Text fontWeight="medium">{t(`${PREFIX}.title`)}</Text>
      <Grid templateColumns="1fr 1fr" gap="2" fontSize="xs" color="fg.muted">
        <Text>{t(`${PREFIX}.source`)}</Text>
        <Text>{t(`${PREFIX}.read`)}</Text>
      </Grid>
      <Stack gap="2" maxH="96" overflowY="auto">
        {rows.map((r) => {
          const p = r.preview!;
          return (
            <Grid
              key={r.row}
              templateColumns="1fr 1fr"
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              p="2"
              borderColor={r.status === 'invalid' ? 'red.300' : 'border'}
              data-testid="import-preview-row"
            >
              <Box fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap">
                {p.lines.map((l) => (
                  <Flex key={l.line} gap="2">
                    <Text as="span" color="fg.muted" minW="8" textAlign="right">
                      {l.line}
                    </Text>
                    <Text as="span">{l.text}</Text>
                  </Flex>
                ))}
              </Box>
              <Stack gap="1">
                <Reading reading={p} />
                {p.subs?.map((s, i) => (
                  <Box key={i} ps="3" borderStartWidth="2px">
                    <Reading reading={s} />
                  </Box>
                ))}
                {r.status === 'invalid' && (
                  <Text fontSize="xs" color="red.600">
                    {t(`${PREFIX}.invalid`)}
                  </Text>
                )}
              </Stack>
            </Grid>
          );
        })}
      </Stack>
    </Stack>
  );
}
