import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appliesNow, useFollowingDraft } from './filter-rule.ts';

describe('the console lists’ one filter rule', () => {
  it('a choice or 查询 applies; typing applies only when it empties a box the list applies', () => {
    expect(appliesNow({ kind: 'chose' })).toBe(true);
    expect(appliesNow({ kind: 'submitted' })).toBe(true);
    expect(appliesNow({ kind: 'typed', text: 'ab', applied: '' })).toBe(false);
    expect(appliesNow({ kind: 'typed', text: 'ab', applied: 'a' })).toBe(false);
    expect(appliesNow({ kind: 'typed', text: ' ', applied: 'a' })).toBe(true);
    expect(appliesNow({ kind: 'typed', text: '', applied: '' })).toBe(false);
  });

  it('the draft follows what is applied from elsewhere, not what the bar applied itself', () => {
    const { result, rerender } = renderHook(({ applied }) => useFollowingDraft(applied), { initialProps: { applied: 'a' } });
    expect(result.current.draft).toBe('a');
    // The bar applies 'ab', and the user types on before the list answers.
    act(() => {
      result.current.setDraft('ab');
      result.current.markApplied('ab');
    });
    act(() => result.current.setDraft('abc'));
    rerender({ applied: 'ab' });
    expect(result.current.draft).toBe('abc');
    // A link or 重置 sets another value: the box shows it.
    rerender({ applied: 'x' });
    expect(result.current.draft).toBe('x');
  });
});
