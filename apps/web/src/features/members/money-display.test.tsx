import { UiProvider } from '@edu/ui';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { TotalsBar } from './money.tsx';

const totals = { count: 3, in: 1_000, out: 409_496, net: -408_496 };

describe('money totals', () => {
  it('shows every figure from integer fen with the one formatter', () => {
    render(
      <UiProvider toaster={false}>
        <TotalsBar totals={totals} />
      </UiProvider>,
    );
    expect(within(screen.getByTestId('totals-out')).getByText('¥4,094.96')).toBeInTheDocument();
    const net = within(screen.getByTestId('totals-net')).getByText('-¥4,084.96');
    // A ledger's net below zero is money out: the loss colour.
    expect(net).toHaveAttribute('data-tone', 'out');
  });

  it('shows a spending list’s net in a neutral colour', () => {
    render(
      <UiProvider toaster={false}>
        <TotalsBar totals={totals} inKey="members.totals.refunded" outKey="members.totals.spent" neutralNet />
      </UiProvider>,
    );
    const net = within(screen.getByTestId('totals-net')).getByText('-¥4,084.96');
    expect(net).not.toHaveAttribute('data-tone');
  });
});
