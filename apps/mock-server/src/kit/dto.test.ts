import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineService } from '@edu/sdk';
import { dtoMapper } from './dto.ts';
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
