import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineService } from '@edu/sdk';
import { compilePageWriter, compileRowWriter, dtoMapper, type ComputedMember } from './dto.ts';
import { mapStored, type Kind, type StoredRow } from './sql-list.ts';
import { implement, registerServices } from './register-service.ts';

const Dto = z.object({ id: z.number(), name: z.string(), creationTime: z.string(), deletionTime: z.string().nullable(), label: z.string() });

describe('dtoMapper', () => {
  const toDto = dtoMapper(Dto);

  it('takes the DTO keys from the row, dates as ISO strings, computed fields over the row, nothing else', () => {
    const row = { id: 1, name: 'row', creationTime: new Date('2026-11-23T01:02:03Z'), deletionTime: null, label: 'from row', secret: 'x' };
    expect(toDto(row, { label: 'computed' })).toEqual({
      id: 1,
      name: 'row',
      creationTime: '2026-11-23T01:02:03.000Z',
      deletionTime: null,
      label: 'computed',
    });
  });

  it('a row that does not fit the DTO fails the endpoint output check (tests, pnpm dev), not a client', async () => {
    // A row whose value has the wrong type at run time (the compile-time check is `RowFor`).
    const row = JSON.parse('{"id":"1","name":"n","creationTime":"2026-11-23T00:00:00Z","deletionTime":null}');
    const service = defineService('DtoProbe', { Get: { input: z.object({}), output: Dto, access: 'anonymous' } });
    const answer = async (validateOutput: boolean) => {
      const app = Fastify({ logger: false });
      registerServices(app, [implement(service, { Get: () => toDto(row, { label: 'l' }) })], { validateOutput });
      const res = await app.inject({ method: 'GET', url: '/api/services/app/DtoProbe/Get' });
      await app.close();
      return res.statusCode;
    };
    expect(await answer(true)).toBe(500);
    expect(await answer(false)).toBe(200);
  });
});

describe('compilePageWriter', () => {
  const Row = z.object({
    id: z.number(),
    title: z.string(),
    summary: z.string().nullable(),
    isTop: z.boolean(),
    score: z.number(),
    tags: z.array(z.string()),
  });
  const write = compilePageWriter(Row);
  /** What the reply carried before: the page with each row cut to the DTO's keys, through JSON.stringify. */
  const reference = (page: { items: Array<Record<string, unknown>> } & Record<string, unknown>) =>
    JSON.stringify({
      ...page,
      items: page.items.map((r) =>
        Object.fromEntries(
          Object.keys(Row.shape)
            .filter((k) => k in r)
            .map((k) => [k, r[k]]),
        ),
      ),
    });

  it('writes what JSON.stringify writes of the rows cut to the DTO, byte for byte, whatever the strings hold', () => {
    const awkward = ['plain', '引号"与\\反斜杠', 'line\nbreak\ttab\u0000nul', 'lone \ud800 surrogate', 'pair 😀 emoji', '\u007f\u2028\u2029', ''];
    const page = {
      totalCount: 123,
      items: awkward.map((text, i) => ({
        // Keys in another order than the DTO's, one the DTO lacks (the list row's body), one missing (left out as JSON does).
        secret: 'body',
        tags: [text],
        score: i === 0 ? Number.NaN : i === 1 ? -0 : i / 3,
        isTop: i % 2 === 0,
        summary: i === 2 ? null : text,
        title: text,
        ...(i !== 3 && { id: i }),
      })),
      totals: { net: 5, label: '合计' },
    };
    const text = write(page);
    expect(text).toBe(reference(page));
    expect(JSON.parse(text)).toEqual(JSON.parse(reference(page)));
    expect(text).not.toContain('secret');
  });

  it('writes an empty page and keeps members beside the rows in their order', () => {
    expect(write({ totalCount: 0, items: [] })).toBe('{"totalCount":0,"items":[]}');
    expect(write({ items: [], totalCount: 2, skipped: undefined, extra: null })).toBe('{"items":[],"totalCount":2,"extra":null}');
  });

  it('is what a paged endpoint answers: the envelope around the page, rows cut to the list DTO, with and without the output check', async () => {
    const service = defineService('PageProbe', {
      GetAll: { input: z.object({}), output: z.object({ totalCount: z.number(), items: z.array(Row) }), access: 'anonymous' },
    });
    const page = { totalCount: 1, items: [{ id: 7, title: 't"1', summary: null, isTop: true, score: 1.5, tags: ['a'], content: '<p>body</p>' }] };
    for (const validateOutput of [true, false]) {
      const app = Fastify({ logger: false });
      registerServices(app, [implement(service, { GetAll: () => page })], { validateOutput });
      const res = await app.inject({ method: 'GET', url: '/api/services/app/PageProbe/GetAll' });
      await app.close();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(
        JSON.stringify({
          result: { totalCount: 1, items: [{ id: 7, title: 't"1', summary: null, isTop: true, score: 1.5, tags: ['a'] }] },
          targetUrl: null,
          success: true,
          error: null,
          unAuthorizedRequest: false,
          __abp: true,
        }),
      );
    }
  });
});

describe('compileRowWriter', () => {
  /** Members first that a computed member may leave out (undefined), so the commas of the compiled code are decided at run time there. */
  const Row = z.object({
    label: z.string().nullable(),
    maybe: z.number().optional(),
    id: z.number(),
    title: z.string().nullable(),
    flag: z.boolean().nullable(),
    at: z.string().nullable(),
    score: z.number().nullable(),
    late: z.string().optional(),
  });
  const columns = new Map<string, Kind>([
    ['id', 'int'],
    ['title', 'text'],
    ['flag', 'bool'],
    ['at', 'date'],
    ['score', 'real'],
    ['ownerId', 'int'],
  ]);
  type Names = ReadonlyMap<number, string>;
  const computed: Record<string, ComputedMember<Names>> = {
    label: { column: 'ownerId', value: (id, names) => (typeof id === 'number' ? (names.get(id) ?? null) : undefined) },
    maybe: { column: 'score', value: (score) => (typeof score === 'number' && score > 0 ? score * 2 : undefined) },
    late: { column: 'ownerId', value: (id) => (id === 2 ? 'second' : undefined) },
  };
  const writer = compileRowWriter(Row, columns, computed);
  /** The object path: the stored row mapped as the reads map it (dates as Date), each DTO key from the computed members or the row, dates as ISO, through JSON.stringify. */
  const reference = (row: StoredRow, names: Names) => {
    const mapped = new Map((writer?.columns ?? []).map((c, i) => [c, mapStored(columns.get(c), row[i])]));
    const dto: Record<string, unknown> = {};
    for (const key of Object.keys(Row.shape)) {
      const member = computed[key];
      const value = member ? member.value(mapped.get(member.column), names) : mapped.get(key);
      if (value !== undefined) dto[key] = value instanceof Date ? value.toISOString() : value;
    }
    return JSON.stringify(dto);
  };

  it('writes what JSON.stringify writes of the mapped row, byte for byte, whichever computed members are left out', () => {
    expect(writer?.columns).toEqual(['ownerId', 'score', 'id', 'title', 'flag', 'at']);
    const names: Names = new Map([
      [1, '张三'],
      [2, 'quote " \\ \n \u0000 \ud800 </script>'],
    ]);
    const texts = [
      'plain',
      '中文，全角',
      'quote " and \\',
      'controls \u0000\u0001\b\t\n\r\u001f\u007f\u0080\u009f',
      '\u2028\u2029',
      'lone \ud800 \udfff',
      'pair 😀',
      '</script>',
      '',
      null,
    ];
    const dates = ['2026-11-28T06:11:40.123+00:00', '2026-01-02 03:04:05', '2025-12-31', 1_700_000_000_123, '2024-02-29T23:59:59.999+00:00', null];
    const scores = [0, -1, 1.5, 2 ** 62, Number.MAX_SAFE_INTEGER, null];
    let rows = 0;
    for (const [i, title] of texts.entries())
      for (const [j, at] of dates.entries()) {
        const row: StoredRow = [i % 4 === 3 ? null : i % 3, scores[(i + j) % scores.length], i * 10 + j, title, j % 3 === 2 ? null : (i + j) % 2, at];
        expect(writer?.write(row, names)).toBe(reference(row, names));
        rows++;
      }
    expect(rows).toBe(texts.length * dates.length);
    // Every computed member before the first column left out: the object starts without a comma; one written: a comma after it.
    expect(writer?.write([null, null, 7, 't', 1, null], new Map())).toBe('{"id":7,"title":"t","flag":true,"at":null,"score":null}');
    expect(writer?.write([5, 3, 7, null, 0, null], new Map())).toBe('{"label":null,"maybe":6,"id":7,"title":null,"flag":false,"at":null,"score":3}');
    expect(writer?.write([2, -3, 7, 't', null, null], new Map())).toBe(
      '{"label":null,"id":7,"title":"t","flag":null,"at":null,"score":-3,"late":"second"}',
    );
  });

  it('is undefined when a member is neither a column nor computed', () => {
    expect(compileRowWriter(z.object({ id: z.number(), other: z.string() }), columns, {})).toBeUndefined();
  });
});
