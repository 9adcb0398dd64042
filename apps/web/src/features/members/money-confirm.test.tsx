import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { LocalizedUi } from '../../resources/index.ts';
import { useMoneyConfirm, type MoneyConfirmation } from './money-confirm.tsx';

function Harness({ c, onSettled }: { c: MoneyConfirmation; onSettled: (outcome: string) => void }) {
  const confirm = useMoneyConfirm();
  return (
    <>
      <button
        onClick={() => {
          confirm.ask(c).then(
            () => onSettled('confirmed'),
            (e: unknown) => onSettled(e instanceof DOMException ? e.name : 'other'),
          );
        }}
      >
        save
      </button>
      {confirm.dialog}
    </>
  );
}

function mount(c: MoneyConfirmation) {
  const onSettled = vi.fn();
  render(
    <UiProvider toaster={false}>
      <LocalizedUi>
        <Harness c={c} onSettled={onSettled} />
      </LocalizedUi>
    </UiProvider>,
  );
  fireEvent.click(screen.getByText('save'));
  return onSettled;
}

describe('the money confirmation', () => {
  it('repeats the member and the amount as yuan, and goes on once confirmed', async () => {
    const onSettled = mount({ action: 'recharge', member: '张伟（zhangwei）', fen: 1_234_50 });
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('确认充值');
    expect(screen.getByTestId('money-confirm-member')).toHaveTextContent('会员：张伟（zhangwei）');
    expect(screen.getByTestId('money-confirm-amount')).toHaveTextContent('金额：¥1,234.50');
    expect(onSettled).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith('confirmed'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  });

  it('steps back as an abort (no error modal, the form stays) when cancelled', async () => {
    const onSettled = mount({ action: 'refund', member: '李雷（lilei）', fen: 500 });
    await screen.findByTestId('confirm-dialog');
    expect(screen.getByTestId('confirm-ok')).toHaveTextContent('确认退款');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith('AbortError'));
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});
