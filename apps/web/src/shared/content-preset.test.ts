import { type ArticleDto, Permissions, reviewables, type ArticleListDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/client.ts';
import { previewAction } from '../resources/index.ts';
import { contentPreset } from './content-preset.tsx';

const preview = previewAction<ArticleListDto, typeof ArticleDto>({ get: api.article.get, title: (r) => r.title, sections: () => [] });

describe('content preset', () => {
  it('derives the usual variants and actions from the review registry', () => {
    const p = contentPreset(reviewables.article, api.article, { preview, pin: api.article.placedTopArticle, variants: ['mine', 'moderated'] });
    expect(Object.keys(p.variants)).toEqual(['mine', 'moderated']);
    expect(p.variants.mine?.list).toBe(api.article.getAllMyselfAndChildren);
    expect(p.variants.moderated?.list).toBe(api.article.getAllModerated);
    expect(p.variants.moderated?.crud).toEqual({ create: false, update: false, delete: false });
    expect(p.variants.moderated?.rowActions?.map((a) => [a.key, !!a.inline])).toEqual([
      ['preview', true],
      ['approve', true],
      ['reject', true],
    ]);
    expect(p.rowActions.map((a) => [a.key, !!a.inline])).toEqual([
      ['preview', false],
      ['pin', true],
      ['unpin', true],
      ['approve', false],
      ['reject', false],
    ]);
    // The review call is the registry's decision endpoint, bound in the client.
    expect(p.rowActions.find((a) => a.key === 'approve')?.call).toBe(api.article.auditedArticle);
    expect(p.filters.map((f) => f.name)).toEqual(['Keyword', 'CategoryId', 'AuditStatus']);
  });

  it('gives the university list its query and permission, and reviews in place when asked', () => {
    const u = contentPreset(reviewables.resource, api.resource, {
      preview,
      variants: ['university'],
      universityPermission: Permissions.ResourcesUniversity,
    });
    expect(u.variants.university).toEqual({ query: { IsUniversity: true }, permission: Permissions.ResourcesUniversity });
    const q = contentPreset(reviewables.oneQuestionPerday, api.oneQuestionPerday, { preview, variants: ['moderated'], reviewInPlace: true });
    expect(q.variants.moderated?.crud).toEqual({ create: false });
    expect(q.variants.moderated?.rowActions).toBeUndefined();
    expect(q.rowActions.filter((a) => a.inline).map((a) => a.key)).toEqual(['approve', 'reject']);
  });
});
