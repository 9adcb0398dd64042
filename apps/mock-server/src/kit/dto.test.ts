import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { dtoMapper } from './dto.ts';

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

  it('fails loudly when a row does not fit the DTO', () => {
    // A row whose value has the wrong type at run time (the compile-time check is `RowFor`).
    const row = JSON.parse('{"id":"1","name":"n","creationTime":"2026-11-23T00:00:00Z","deletionTime":null}');
    expect(() => toDto(row, { label: 'l' })).toThrow();
  });
});
