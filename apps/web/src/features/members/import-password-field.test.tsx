import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { badImportPassword, ImportPasswordField } from './import-password-field.tsx';

function Harness() {
  const [value, setValue] = useState('');
  return <ImportPasswordField value={value} onChange={setValue} />;
}

describe('the member import password box', () => {
  it('is not red before anything is typed, nor while typing; turns red when left too short', () => {
    render(
      <UiProvider toaster={false}>
        <Harness />
      </UiProvider>,
    );
    const box = screen.getByTestId('import-password');
    expect(box).not.toHaveAttribute('aria-invalid');
    fireEvent.change(box, { target: { value: '12' } });
    expect(box).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(box);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(box, { target: { value: '123456' } });
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('accepts 6 to 32 characters', () => {
    expect(badImportPassword('12345')).toBe(true);
    expect(badImportPassword('123456')).toBe(false);
    expect(badImportPassword('x'.repeat(32))).toBe(false);
    expect(badImportPassword('x'.repeat(33))).toBe(true);
  });
});
