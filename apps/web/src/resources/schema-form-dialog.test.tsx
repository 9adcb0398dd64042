import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '../lib/i18n.ts';
import { LocalizedUi } from './i18n.tsx';
import { SchemaFormDialog } from './schema-form-dialog.tsx';

i18n.addResourceBundle('zh-CN', 'translation', { resources: { note: { fields: { title: '标题' } } } }, true, true);

function setup(confirmDiscard: boolean) {
  const onClose = vi.fn();
  render(
    <UiProvider toaster={false}>
      <LocalizedUi>
        <SchemaFormDialog
          open
          onClose={onClose}
          title="笔记"
          schema={z.object({ title: z.string().min(1) })}
          fields={[{ name: 'title', type: 'text' }]}
          resourceName="note"
          ctx={{ mode: 'create' }}
          defaultValues={{ title: '' }}
          onSubmit={async () => undefined}
          confirmDiscard={confirmDiscard}
          data-testid="note-dialog"
        />
      </LocalizedUi>
    </UiProvider>,
  );
  return onClose;
}

const escape = () => fireEvent.keyDown(screen.getByTestId('note-dialog'), { key: 'Escape' });

describe('closing a form dialog', () => {
  it('asks before Escape throws away what was typed; 继续编辑 keeps it, 放弃并关闭 closes', async () => {
    const onClose = setup(true);
    const box = await screen.findByRole('textbox', { name: /标题/ });
    fireEvent.change(box, { target: { value: '写了一半' } });
    await waitFor(() => {
      escape();
      expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: /标题/ })).toHaveValue('写了一半');
    // The close button asks too.
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes an unchanged form at once', async () => {
    const onClose = setup(true);
    await screen.findByRole('textbox', { name: /标题/ });
    escape();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('closes at once without confirmDiscard, changed or not', async () => {
    const onClose = setup(false);
    fireEvent.change(await screen.findByRole('textbox', { name: /标题/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
