import { describe, expect, it } from 'vitest';
import { bankFilterReducer, bankQuery, initialBankFilters, type BankFilterAction, type BankFilterState } from './bank-filters.ts';

const run = (...actions: BankFilterAction[]): BankFilterState => actions.reduce(bankFilterReducer, initialBankFilters);

describe('bank filters', () => {
  it('applies the keyword on submit (trimmed), not while typing, and goes back to page 1', () => {
    const typed = run({ type: 'page', page: 2 }, { type: 'typed', text: ' 三角形 ' });
    expect(typed.applied.keyword).toBe('');
    expect(typed.page).toBe(2);
    const submitted = bankFilterReducer(typed, { type: 'submitted' });
    expect(submitted.applied.keyword).toBe('三角形');
    expect(submitted.page).toBe(0);
    expect(bankQuery(submitted, false, 10)).toMatchObject({ Keyword: '三角形', SkipCount: 0 });
  });

  it('drops the keyword the moment the box is cleared, without a submit', () => {
    const s = run({ type: 'typed', text: '三角形' }, { type: 'submitted' }, { type: 'typed', text: '' });
    expect(s.applied.keyword).toBe('');
    expect(bankQuery(s, false, 10)).not.toHaveProperty('Keyword');
    // Blanks are an empty box too.
    expect(run({ type: 'typed', text: 'x' }, { type: 'submitted' }, { type: 'typed', text: '   ' }).applied.keyword).toBe('');
  });

  it('applies a select at once, together with the keyword box as it reads', () => {
    const s = run({ type: 'typed', text: '方程' }, { type: 'chose', name: 'questionType', value: 3 });
    expect(s.applied).toMatchObject({ keyword: '方程', questionType: 3 });
    const cleared = run({ type: 'typed', text: '方程' }, { type: 'submitted' }, { type: 'chose', name: 'difficulty', value: null });
    expect(bankQuery(cleared, true, 10)).toEqual({
      IsUniversity: true,
      AuditStatus: 1,
      IsShow: true,
      OnePerFamily: true,
      Keyword: '方程',
      MaxResultCount: 10,
      SkipCount: 0,
    });
  });

  it('pages without touching the filters', () => {
    const s = run({ type: 'chose', name: 'categoryId', value: 7 }, { type: 'page', page: 3 });
    expect(bankQuery(s, false, 10)).toMatchObject({ CategoryId: 7, SkipCount: 30, MaxResultCount: 10 });
  });
});
