import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownStatement, sqliteConnection } from '@edu/db';
import { ArticleListDto, OneQuestionPerdayListDto, ResourceDto } from '@edu/sdk';
import { useTestApp } from '../testing/test-app.ts';
import { article } from './article.ts';
import { oneQuestionPerday } from './one-question-perday.ts';
import { resource } from './resource.ts';
import { createContext, type RequestContext } from '../kit/context.ts';
import { compilePageWriter, WrittenJson } from '../kit/dto.ts';
import type { Implementation } from '../kit/register-service.ts';
import { iso } from '../kit/paging.ts';
import { storedDateIso, toDate } from '../kit/sql-list.ts';

/**
 * Content lists written from their SQL rows (`listFromColumns`, kit/dto.ts
 * `compileRowWriter`) answer the same text, byte for byte, as the object path
 * (rows mapped by `toDto`, written by `compilePageWriter`), on rows stored with
 * hostile text, nulls, extreme numbers, out-of-range review states and every
 * date form the reads accept.
 */
const t = useTestApp({ validateOutput: false });

const HOSTILE = [
  'plain',
  '中文标题，全角标点',
  'quote " and \\ backslash',
  'controls \u0000\u0001\u0008\t\n\r\u001f\u007f\u0080\u009f',
  'separators \u2028 \u2029',
  'lone surrogates \ud800 \udfff end',
  'emoji 😀👩‍👩‍👧 ok',
  '</script><script>alert(1)</script>',
  '',
  ' ',
];
const NUMBERS = [0, 1, -1, 2_147_483_647, -2_147_483_648, Number.MAX_SAFE_INTEGER, 2 ** 62, -(2 ** 62)];
/** Date forms a DATETIME column may hold (the adapter's, zone-less, date only, epoch milliseconds, years below 1000, a leap day). */
const DATES = [
  '2026-11-28T06:11:40.123+00:00',
  '2026-01-02 03:04:05',
  '2025-12-31',
  1_700_000_000_123,
  '0999-05-05T00:00:00.000+00:00',
  '2024-02-29T23:59:59.999+00:00',
  '2026-06-01T12:00:00Z',
];

/** Fills `table` (before any read of it, so no cache holds it) with `count` rows of tenant 1 cycling the values above through every column (ids, tenant and deletion left plain). */
function fill(table: string, count: number, categoryId: number): void {
  const db = sqliteConnection(t.app.prisma);
  if (!db) throw new Error('no connection');
  const columns = ownStatement(db, `SELECT name, type, "notnull" AS "notNull" FROM pragma_table_info(?)`).all(table) as Array<{
    name: string;
    type: string;
    notNull: number;
  }>;
  const written = columns.filter((c) => c.name !== 'id');
  const insert = ownStatement(
    db,
    `INSERT INTO "${table}" (${written.map((c) => `"${c.name}"`).join(', ')}) VALUES (${written.map(() => '?').join(', ')})`,
  );
  const valueOf = (c: { name: string; type: string; notNull: number }, i: number, j: number): unknown => {
    const nullable = !c.notNull;
    if (c.name === 'tenantId') return 1;
    if (c.name === 'isDeleted' || c.name === 'isUniversity') return 0;
    if (c.name === 'categoryId') return [categoryId, 999_999, nullable ? null : categoryId][i % 3];
    if (c.name === 'creatorUserId' || c.name === 'auditorUserId' || c.name.endsWith('UserId')) return [2, null, 999_999][(i + j) % 3];
    if (c.name === 'auditStatus') return [0, 1, 2, 7, -1][i % 5];
    if (nullable && (i + j) % 7 === 0) return null;
    const type = c.type.toUpperCase();
    if (type === 'TEXT') return HOSTILE[(i + j) % HOSTILE.length];
    if (type === 'INTEGER') return NUMBERS[(i + j) % NUMBERS.length];
    if (type === 'REAL') return [0.1, -1e308, 5e-324, 1e21][(i + j) % 4];
    if (type === 'BOOLEAN') return (i + j) % 2;
    if (type === 'DATETIME') return DATES[(i + j) % DATES.length];
    throw new Error(`${table}.${c.name}: no value for ${c.type}`);
  };
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(...written.map((c, j) => valueOf(c, i, j)));
  })();
}

/** A context for tenant 1's admin (user 2) without an HTTP request. */
function context(): RequestContext {
  const request = { abpSession: { tenantId: 1, userId: 2 }, culture: 'zh-Hans' } as FastifyRequest;
  return createContext(t.app, request);
}

const LISTS: Array<{ name: string; table: string; impl: Implementation; row: z.ZodObject; classTypeId: number }> = [
  { name: 'Article', table: 'Article', impl: article, row: ArticleListDto, classTypeId: 1 },
  { name: 'Resource', table: 'Resource', impl: resource, row: ResourceDto, classTypeId: 5 },
  { name: 'OneQuestionPerday', table: 'OneQuestionPerday', impl: oneQuestionPerday, row: OneQuestionPerdayListDto, classTypeId: 1 },
];

const QUERIES = [
  { SkipCount: 0, MaxResultCount: 10 },
  { SkipCount: 0, MaxResultCount: 1000 },
  { SkipCount: 1200, MaxResultCount: 10 },
  { SkipCount: 2490, MaxResultCount: 25 },
  { SkipCount: 5, MaxResultCount: 40, Sorting: 'title desc' },
  { SkipCount: 0, MaxResultCount: 20, Keyword: '中文' },
  { SkipCount: 0, MaxResultCount: 20, AuditStatus: 0 },
];

describe('content lists written from their SQL rows', () => {
  beforeAll(async () => {
    for (const list of LISTS) {
      const category = await t.app.prisma.multiLevelCategory.findFirst({ where: { tenantId: 1, classTypeId: list.classTypeId } });
      fill(list.table, 2500, category?.id ?? 1);
    }
  });

  for (const list of LISTS) {
    it(`${list.name}: the same text as the rows mapped to DTOs, page by page`, async () => {
      const { GetAll, list: objects } = list.impl.handlers;
      if (!GetAll || !objects) throw new Error(`${list.name}: no GetAll or list handler`);
      const writePage = compilePageWriter(list.row);
      let rows = 0;
      for (const query of QUERIES) {
        const written = await GetAll(query, context());
        expect(written, JSON.stringify(query)).toBeInstanceOf(WrittenJson);
        const page = (await objects(query, context())) as { items: unknown[] } & Record<string, unknown>;
        rows += page.items.length;
        expect(written instanceof WrittenJson ? written.text : undefined, JSON.stringify(query)).toBe(writePage(page));
      }
      expect(rows).toBeGreaterThan(1000);
    });
  }

  it('answers the written page inside the envelope over HTTP', async () => {
    const res = await t.call('GET', '/api/services/app/Article/GetAll', { token: t.admin, query: { SkipCount: 0, MaxResultCount: 30 } });
    expect(res.status).toBe(200);
    const written = await article.handlers.GetAll!({ SkipCount: 0, MaxResultCount: 30 }, context());
    expect(written).toBeInstanceOf(WrittenJson);
    expect(res.body).toEqual({
      result: JSON.parse(written instanceof WrittenJson ? written.text : 'null'),
      targetUrl: null,
      success: true,
      error: null,
      unAuthorizedRequest: false,
      __abp: true,
    });
  });
});

describe('storedDateIso', () => {
  it('is iso(toDate(value)) for every stored form, the same error for a date no one can write', () => {
    const values: unknown[] = [
      ...DATES,
      null,
      '2023-02-29T10:00:00.000+00:00',
      '2026-13-01T00:00:00.000+00:00',
      '2026-00-10T00:00:00.000+00:00',
      '2026-04-31T00:00:00.000+00:00',
      '2026-04-30T24:00:00.000+00:00',
      '2026-04-30T23:60:00.000+00:00',
      '2026-04-30T23:59:60.000+00:00',
      '0000-01-01T00:00:00.000+00:00',
      '0099-12-31T23:59:59.999+00:00',
      '0100-01-01T00:00:00.000+00:00',
      '1900-02-29T00:00:00.000+00:00',
      '2000-02-29T00:00:00.000+00:00',
      '9999-12-31T23:59:59.999+00:00',
      '2026-11-28T06:11:40.123+08:00',
      'not a date',
      0,
      -1,
      8.64e15,
      8.64e15 + 1,
    ];
    const outcome = (f: () => unknown) => {
      try {
        return { value: f() };
      } catch (err) {
        return { error: String(err) };
      }
    };
    for (const value of values)
      expect(
        outcome(() => storedDateIso(value)),
        String(value),
      ).toEqual(outcome(() => iso(toDate(value))));
  });
});
