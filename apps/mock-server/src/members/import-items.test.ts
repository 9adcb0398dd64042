import { setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { RowValues, TableRow } from '../kit/import/reading.ts';
import type { MEMBER_COLUMNS } from './import-sheet.ts';
import { memberItems } from './import.ts';

// V8's own answer to "do these objects share a hidden class", for scripts compiled after the flag is set.
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = runInThisContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

type Values = Partial<RowValues<typeof MEMBER_COLUMNS>>;
/** Sheet rows as readTable makes them: values set column by column, a failed cell's key absent. */
const rows = (n: number, skip: (i: number) => keyof Values | null): Array<TableRow<Values>> =>
  Array.from({ length: n }, (_, i) => {
    const values: Record<string, unknown> = {};
    for (const key of ['userName', 'fullName', 'phone', 'email', 'identity', 'status', 'registered'] as const)
      if (key !== skip(i)) values[key] = `${key}${i}`;
    return { row: i + 2, values, cells: [`userName${i}`], errors: [] };
  });

describe('member import items', () => {
  it('keep every value of the row, its number and its cell errors', () => {
    const [item] = memberItems([{ row: 7, values: { userName: 'zhang3', fullName: '张三' }, cells: ['zhang3', '张三'], errors: [] }]);
    expect(item).toEqual({
      row: 7,
      question: null,
      label: '张三',
      input: { userName: 'zhang3', fullName: '张三', row: 7, readErrors: [] },
      errors: [],
      cells: ['zhang3', '张三'],
    });
  });

  it('share a hidden class among rows with the same columns, so 10,000 rows do not make 10,000 classes', () => {
    // Rows of a few column sets mixed, as a file with some failed cells gives them (the spread's source is then of several shapes).
    const items = memberItems(rows(600, (i) => (['registered', 'status', 'email', null] as const)[i % 4]!));
    for (let i = 4; i < items.length; i++) expect(haveSameMap(items[i]!.input!, items[i - 4]!.input!)).toBe(true);
  });
});
