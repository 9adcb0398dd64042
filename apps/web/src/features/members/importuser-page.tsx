import { Box, Button, Flex, Heading, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { ImportPasswordRule } from '@edu/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { DownloadButton, FileInput, saveResult } from '../../resources/file-actions.tsx';
import { AllOrNothingCheckbox, ImportButtons, ImportOutcome, useImportFlow } from '../../resources/import-dialog.tsx';
import { LocalizedUi, ScreenCard, useRunCall } from '../../resources/index.ts';
import { badImportPassword, ImportPasswordField } from './import-password-field.tsx';

const importCall = api.user.importFromExcel;
const fileField = importCall.endpoint.files[0]!;
const PREFIX = 'members.import';

const RULES: readonly ImportPasswordRule[] = [1, 2, 3];

/**
 * 导入用户: download the template; choose a file (.xlsx/.csv), the initial
 * password rule and whether one bad row stops everything; a dry run lists
 * every row's problems (row, column, reason) with the counts; the commit
 * writes in one transaction with the job's progress, then offers the report
 * of skipped rows (and the random passwords, when that rule was chosen).
 */
export default function ImportUserPage() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [rule, setRule] = useState<ImportPasswordRule>(1);
  const [password, setPassword] = useState('');
  const badPassword = rule === 1 && badImportPassword(password);
  const flow = useImportFlow(async (mode, allOrNothing) => {
    if (!file || badPassword) throw new Error('not ready');
    const job = await runCall(importCall, { file, mode, allOrNothing, passwordRule: rule, ...(rule === 1 ? { password } : {}) }, { invalidates: [] });
    return job.id;
  });
  const downloadTemplate = async () => {
    try {
      await saveResult(await runCall(api.user.getMemberImportTemplate, {}, { invalidates: [] }));
    } catch {
      // shown by the error modal
    }
  };
  const newFile = () => {
    setFile(null);
    setFileKey((k) => k + 1);
  };
  const locked = flow.locked;

  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="5" maxW="4xl" data-testid="importuser-page">
          <Flex gap="3" align="center" justify="space-between" wrap="wrap" p="3" bg="bg.subtle" borderRadius="md">
            <Text fontSize="sm" color="fg.muted" flex="1" minW="60">
              {t('members.import.formats')}
            </Text>
            <Button size="sm" variant="outline" onClick={() => void downloadTemplate()} data-testid="import-template">
              {t('import.template')}
            </Button>
          </Flex>

          {flow.phase.kind === 'setup' && <FileInput key={fileKey} field={fileField} onFile={setFile} disabled={flow.busy} />}
          {file && (
            <Text fontSize="sm" data-testid="upload-file-name">
              {t('files.selected', { name: file.name, size: `${Math.max(1, Math.ceil(file.size / 1024))} KB` })}
            </Text>
          )}

          <Stack gap="2">
            <Heading size="sm" as="h2" id="password-rule-label">
              {t('members.import.passwordRule')}
            </Heading>
            <RadioGroup.Root
              value={String(rule)}
              onValueChange={(e) => setRule(ImportPasswordRule.safeParse(Number(e.value)).data ?? 1)}
              disabled={locked}
              aria-labelledby="password-rule-label"
              data-testid="import-password-rule"
            >
              <Stack gap="2">
                {RULES.map((r) => (
                  <RadioGroup.Item key={r} value={String(r)} data-testid={`password-rule-${r}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`members.import.rules.${r}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            {rule === 1 && <ImportPasswordField value={password} onChange={setPassword} disabled={locked} />}
          </Stack>

          <AllOrNothingCheckbox flow={flow} />

          <HStack gap="2">
            <ImportButtons
              flow={flow}
              canStart={!!file && !badPassword}
              onRestart={newFile}
              done={
                <Button
                  colorPalette="brand"
                  onClick={() => {
                    flow.reset();
                    newFile();
                  }}
                  data-testid="import-another"
                >
                  {t('members.import.another')}
                </Button>
              }
            />
          </HStack>

          <ImportOutcome flow={flow} prefix={PREFIX}>
            {flow.result?.files?.passwords && (
              <Box data-testid="import-passwords">
                <DownloadButton file={flow.result.files.passwords}>{t('members.import.passwords')}</DownloadButton>
              </Box>
            )}
          </ImportOutcome>
        </Stack>
      </ScreenCard>
    </LocalizedUi>
  );
}
