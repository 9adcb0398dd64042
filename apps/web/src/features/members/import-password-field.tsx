import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The fixed initial password of imported members: 6 to 32 characters (the server's rule). */
export const badImportPassword = (password: string): boolean => password.length < 6 || password.length > 32;

/**
 * The initial password box of the member import. It turns red only once
 * left (blur), never before anything is typed: until then the hint under it
 * says what is expected (the import buttons stay disabled while it is bad).
 */
export function ImportPasswordField({ value, onChange, disabled }: { value: string; onChange: (password: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(false);
  const invalid = left && badImportPassword(value);
  return (
    <Field.Root invalid={invalid} width="auto" maxW="xs" required>
      <Field.Label>{t('members.import.password')}</Field.Label>
      <Input
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setLeft(true)}
        disabled={disabled}
        data-testid="import-password"
      />
      <Field.HelperText>{t('members.import.passwordHint')}</Field.HelperText>
    </Field.Root>
  );
}
