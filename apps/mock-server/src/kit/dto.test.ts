import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineService } from '@edu/sdk';
import { compilePageWriter, dtoMapper } from './dto.ts';
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
