import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog.tsx';

function Dialog({ open, title }: { open: boolean; title: string }) {
  return open ? <p data-testid="dialog">{title}</p> : null;
}

describe('lazyDialog', () => {
  it('loads the dialog module when it first renders, not when declared, and passes its props', async () => {
    let resolve!: (c: typeof Dialog) => void;
    const load = vi.fn(() => new Promise<typeof Dialog>((r) => (resolve = r)));
    const Lazy = lazyDialog(load);
    expect(load).not.toHaveBeenCalled();

    const view = render(<Lazy open title="编辑试题" />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('dialog')).toBeNull();
    await act(async () => resolve(Dialog));
    expect(screen.getByTestId('dialog').textContent).toBe('编辑试题');

    // Opened again: the loaded module is used, without loading it again.
    view.unmount();
    render(<Lazy open title="新增试题" />);
    expect(screen.getByTestId('dialog').textContent).toBe('新增试题');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
