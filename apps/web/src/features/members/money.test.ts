import { describe, expect, it } from 'vitest';
import { moneyFilterOf, moneyFilterValues, moneyTabOf, type EnumFilterSpec } from './money.tsx';

const enums: EnumFilterSpec[] = [{ name: 'Channel', labelKey: 'members.fields.channel', options: [] }];

describe('money list state', () => {
  it('reads a filter back from the list state it was written to', () => {
    const filter = {
      Keyword: 'PAY',
      DateFrom: '2026-11-01',
      DateTo: '2026-11-23',
      MemberId: 5,
      MinAmount: 0,
      MaxAmount: 12_345,
      extra: { Channel: 2 },
    };
    expect(moneyFilterValues(filter)).toEqual({
      Keyword: 'PAY',
      DateFrom: '2026-11-01',
      DateTo: '2026-11-23',
      MemberId: 5,
      MinAmount: 0,
      MaxAmount: 12_345,
      Channel: 2,
    });
    expect(moneyFilterOf(moneyFilterValues(filter), enums)).toEqual(filter);
  });

  it('drops what a hand-edited link holds of the wrong kind', () => {
    expect(moneyFilterOf({ Keyword: '  ', DateFrom: '1 Nov', MemberId: 0, MinAmount: -1, MaxAmount: 1.5, Channel: 'wire' }, enums)).toEqual({
      Keyword: undefined,
      DateFrom: undefined,
      DateTo: undefined,
      MemberId: undefined,
      MinAmount: undefined,
      MaxAmount: undefined,
      extra: { Channel: undefined },
    });
    expect([moneyTabOf(undefined), moneyTabOf('2'), moneyTabOf('x'), moneyTabOf('-1')]).toEqual([null, 2, null, null]);
  });
});
