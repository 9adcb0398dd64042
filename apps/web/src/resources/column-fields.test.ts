import type { ArticleListDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import type { ColumnSpec } from './types.ts';

type Column = ColumnSpec<ArticleListDto>;

/**
 * Column names are checked by the compiler against the row's DTO (the SDK's
 * zod output); each `@ts-expect-error` fails the type check (`tsc`, part of
 * `pnpm test`) the day a misspelt or unmarked name would compile again.
 */
describe('typed column fields', () => {
  it('takes the DTO’s members and marked computed columns, and refuses other names', () => {
    const title: Column = { field: 'title' };
    const excerpt: Column = { field: 'excerpt', computed: true, render: (row) => row.title };
    // @ts-expect-error a name the DTO does not have
    const misspelt: Column = { field: 'titel' };
    // @ts-expect-error a column the DTO lacks must say it is computed
    const unmarked: Column = { field: 'excerpt', render: (row: ArticleListDto) => row.title };
    expect([title, excerpt, misspelt, unmarked].map((c) => c.field)).toEqual(['title', 'excerpt', 'titel', 'excerpt']);
  });
});
