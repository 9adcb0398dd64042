import { Text } from '@chakra-ui/react';
import { formatYuan } from '@edu/sdk';
import { ConfirmDialog } from '@edu/ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';

/** What a money form is about to book: the action (`recharge`, `refund`, `consume`), whose money and how much. */
export interface MoneyConfirmation {
  action: 'recharge' | 'refund' | 'consume';
  /** The member as the lists show them: `张伟（zhangwei）`. */
  member: string;
  fen: number;
}

/** Thrown when the user steps back from the confirmation: the form stays open, and no error modal shows for it. */
const stepBack = () => new DOMException('The user did not confirm', 'AbortError');

/** A member picked by id, named as the member picker shows them (`name（detail）`), for the confirmation. */
export async function memberOptionText(id: number): Promise<string> {
  const { items } = await api.user.getMemberOptions({ Id: id });
  const m = items.find((o) => o.id === id);
  if (!m) return `#${id}`;
  return m.detail ? `${m.name}（${m.detail}）` : m.name;
}

/**
 * The confirm step of the money forms: a valid form does not book at once;
 * `await ask(...)` shows the member and the ¥ amount (the one money
 * formatter) and settles when the user confirms, or rejects as an abort when
 * they go back (the form stays as typed). Render `dialog` beside the form.
 */
export function useMoneyConfirm(): { ask: (c: MoneyConfirmation) => Promise<void>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [pending, setPending] = useState<MoneyConfirmation | null>(null);
  const settle = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const ask = useCallback(
    (c: MoneyConfirmation) =>
      new Promise<void>((resolve, reject) => {
        settle.current = { resolve, reject };
        setPending(c);
      }),
    [],
  );
  const finish = (confirmed: boolean) => {
    const s = settle.current;
    settle.current = null;
    setPending(null);
    if (s) {
      if (confirmed) s.resolve();
      else s.reject(stepBack());
    }
  };
  const dialog = pending && (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && finish(false)}
      title={t(`members.confirm.${pending.action}.title`)}
      description={
        <>
          <Text as="span" display="block" data-testid="money-confirm-member">
            {t('members.confirm.member', { member: pending.member })}
          </Text>
          <Text as="span" display="block" fontWeight="semibold" color="fg" data-testid="money-confirm-amount">
            {t('members.confirm.amount', { amount: formatYuan(pending.fen) })}
          </Text>
        </>
      }
      confirmLabel={t(`members.confirm.${pending.action}.ok`)}
      destructive={pending.action === 'refund'}
      onConfirm={() => finish(true)}
    />
  );
  return { ask, dialog };
}
