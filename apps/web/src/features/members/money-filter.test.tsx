import { UiProvider } from '@edu/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { LocalizedUi } from '../../resources/index.ts';
import { emptyFilter, MoneyFilterBar, type EnumFilterSpec, type MoneyFilter } from './money.tsx';

const enums: EnumFilterSpec[] = [
  {
    name: 'Channel',
    labelKey: 'members.fields.channel',
    options: [
      { value: 1, labelKey: 'x.one' },
      { value: 2, labelKey: 'x.two' },
    ],
  },
];

/** The bar over a list state it applies to, as `MoneyList` holds it. */
function Harness({ start, onApply }: { start: MoneyFilter; onApply: (f: MoneyFilter) => void }) {
  const [applied, setApplied] = useState(start);
  return (
    <>
      <MoneyFilterBar
        value={applied}
        onApply={(f) => {
          onApply(f);
          setApplied(f);
        }}
        enums={enums}
      />
      <button onClick={() => setApplied({ ...emptyFilter(), Keyword: 'LINK' })}>elsewhere</button>
    </>
  );
}

function mount(start: MoneyFilter = emptyFilter()) {
  const onApply = vi.fn<(f: MoneyFilter) => void>();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>
        <LocalizedUi>
          <Harness start={start} onApply={onApply} />
        </LocalizedUi>
      </UiProvider>
    </SWRConfig>,
  );
  return onApply;
}

const keyword = () => screen.getByTestId<HTMLInputElement>('money-keyword');
const last = (spy: ReturnType<typeof mount>) => spy.mock.calls.at(-1)?.[0];

describe('the money filter bar keeps the console lists’ one filter rule', () => {
  // The member picker asks for members as it opens: none.
  const noMembers = { result: { items: [] }, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true };
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(noMembers)))),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('a typed keyword waits for 查询; a select applies at once, with the keyword as the box reads', () => {
    const onApply = mount();
    fireEvent.change(keyword(), { target: { value: 'PAY' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('money-filter-Channel'), { target: { value: '2' } });
    expect(last(onApply)).toMatchObject({ Keyword: 'PAY', extra: { Channel: 2 } });
  });

  it('dates apply on change; amounts in yuan apply with 查询, in fen', () => {
    const onApply = mount();
    fireEvent.change(screen.getByTestId('money-date-from'), { target: { value: '2026-11-01' } });
    expect(last(onApply)).toMatchObject({ DateFrom: '2026-11-01' });
    fireEvent.change(screen.getByTestId('money-min'), { target: { value: '12.5' } });
    expect(onApply).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('money-search'));
    expect(last(onApply)).toMatchObject({ DateFrom: '2026-11-01', MinAmount: 1250 });
  });

  it('a keyword box emptied applies at once and keeps its focus', () => {
    const onApply = mount({ ...emptyFilter(), Keyword: 'PAY' });
    expect(keyword().value).toBe('PAY');
    keyword().focus();
    fireEvent.change(keyword(), { target: { value: '' } });
    expect(last(onApply)).toMatchObject({ Keyword: undefined });
    expect(document.activeElement).toBe(keyword());
  });

  it('a reversed amount range is marked and nothing applies until it is put right', () => {
    const onApply = mount();
    fireEvent.change(screen.getByTestId('money-min'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('money-max'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('money-filter-Channel'), { target: { value: '1' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('money-max'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('money-filter-Channel'), { target: { value: '2' } });
    expect(last(onApply)).toMatchObject({ MinAmount: 2000, MaxAmount: 3000, extra: { Channel: 2 } });
  });

  it('the boxes follow a filter applied from elsewhere (a link, the browser’s back)', () => {
    mount();
    fireEvent.change(keyword(), { target: { value: 'draft' } });
    fireEvent.click(screen.getByText('elsewhere'));
    expect(keyword().value).toBe('LINK');
  });
});
