import { ContentQuery, CreateOneQuestionPerdayInput, UpdateOneQuestionPerdayInput, type Endpoint } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyCall } from '../lib/use-api.ts';
import { defineResource } from './define-resource.ts';

const call = (service: string, method: string) =>
  Object.assign(async () => ({ totalCount: 0, items: [] }), {
    endpoint: { service, method, verb: 'GET', path: '', inputIn: 'query', access: 'authenticated' },
  }) as unknown as AnyCall;

const service = { getAll: call('Article', 'GetAll') };
const moderated = call('Article', 'GetAllModerated');

describe('defineResource variants', () => {
  const article = defineResource({
    name: 'article',
    service,
    columns: [{ field: 'title' }],
    query: { Status: 1 },
    form: { fields: [{ name: 'title', type: 'text' }] },
    variants: {
      moderated: { list: moderated, crud: { create: false } },
      university: { query: { IsUniversity: true } },
    },
  });

  it('keeps the base untouched', () => {
    expect(article.variantKey).toBeUndefined();
    expect(article.list).toBeUndefined();
  });

  it('derives a declared variant with its own list call and title key', () => {
    const v = article.variant('moderated');
    expect(v.variantKey).toBe('moderated');
    expect(v.list).toBe(moderated);
    expect(v.crud).toEqual({ create: false });
    expect(v.titleKey).toBe('resources.article.variants.moderated');
    expect(v.name).toBe('article');
  });

  it('merges a variant query into the list query and the create defaults', () => {
    const v = article.variant('university');
    expect(v.query).toEqual({ Status: 1, IsUniversity: true });
    expect(v.form?.defaults).toEqual({ isUniversity: true });
  });

  it('lets explicit defaults win over the query-derived ones', () => {
    const v = article.variant('level', { query: { ParentId: 0, ClassTypeId: 2 }, defaults: { parentId: null } });
    expect(v.form?.defaults).toEqual({ parentId: null, classTypeId: 2 });
  });

  it('accepts ad-hoc overrides and refuses unknown variants', () => {
    expect(article.variant('mine', { query: { Mine: true } }).query).toEqual({ Status: 1, Mine: true });
    expect(() => article.variant('nope')).toThrow(/no variant/);
  });
});

/** A call typed as the SDK types it: its input schema is what names are checked against. */
const typedCall = <I extends z.ZodType>(service: string, method: string, _input: I) =>
  call(service, method) as AnyCall & { readonly endpoint: Endpoint<I, z.ZodType> };

const dailyQuestions = {
  getAll: typedCall('OneQuestionPerday', 'GetAll', ContentQuery),
  create: typedCall('OneQuestionPerday', 'Create', CreateOneQuestionPerdayInput),
  update: typedCall('OneQuestionPerday', 'Update', UpdateOneQuestionPerdayInput),
};

describe('defineResource names', () => {
  it('checks filter names against the list query and form field names against the Create/Update input, at compile time', () => {
    const r = defineResource({
      name: 'oneQuestionPerday',
      service: dailyQuestions,
      columns: [],
      filters: [
        { name: 'Keyword', type: 'keyword' },
        { name: 'AuditStatus', type: 'select' },
      ],
      form: {
        fields: [
          { name: 'title', type: 'text' },
          { name: 'publishDate', type: 'date' },
          // A custom field may stand for no member of the input.
          { name: 'preview', type: 'custom', component: () => null },
        ],
      },
    });
    expect(r.filters?.map((f) => f.name)).toEqual(['Keyword', 'AuditStatus']);

    const misspelt = [
      defineResource({
        name: 'oneQuestionPerday',
        service: dailyQuestions,
        columns: [],
        // @ts-expect-error `CategoryID` is no member of the list query (`CategoryId` is)
        filters: [{ name: 'CategoryID', type: 'keyword' }],
      }),
      defineResource({
        name: 'oneQuestionPerday',
        service: dailyQuestions,
        columns: [],
        // @ts-expect-error `titel` is no member of the Create or Update input
        form: { fields: [{ name: 'titel', type: 'text' }] },
      }),
    ];
    // At run time nothing checks names: the compiler does.
    expect(misspelt.map((m) => m.name)).toEqual(['oneQuestionPerday', 'oneQuestionPerday']);
  });
});
