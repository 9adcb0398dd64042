import type { TestPaperDto } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/client.ts';
import '../../lib/i18n.ts';
import { switchBlocked } from './test-paper.resource.tsx';
import { switchCell } from '../../resources/index.ts';

type Row = Pick<TestPaperDto, 'id' | 'auditStatus' | 'isActive'>;

const Cell = switchCell<Row>({
  call: api.testPaper.activation,
  input: (row, on) => ({ id: row.id, isActive: on }),
  permission: 'authenticated',
  blockedKey: switchBlocked,
});

function show(row: Row) {
  return render(
    <UiProvider toaster={false}>
      <Cell row={row} value={row.isActive} label="启用" />
    </UiProvider>,
  );
}

describe('a switch cell blocked on its row', () => {
  it('is disabled on a paper awaiting review, and says why', () => {
    show({ id: 1, auditStatus: 0, isActive: false });
    const input = screen.getByRole('checkbox', { name: '启用' });
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription('审核通过后才能启用或显示');
  });

  it('names a rejected paper’s own way back', () => {
    show({ id: 2, auditStatus: 2, isActive: false });
    expect(screen.getByRole('checkbox', { name: '启用' })).toHaveAccessibleDescription(/未通过审核/);
  });

  it('is usable on an approved paper', () => {
    show({ id: 3, auditStatus: 1, isActive: false });
    const input = screen.getByRole('checkbox', { name: '启用' });
    expect(input).toBeEnabled();
    expect(input).not.toHaveAccessibleDescription();
  });
});
