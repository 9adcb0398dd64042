import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { createContext, type RequestContext } from './context.ts';
import { crudHandlers, getOr404, type ModelCrud } from './crud.ts';

/**
 * `ctx.transaction`: one interactive transaction whose `db` is still the
 * data-filtered client (tenant filter, soft delete, audit), used by the kit's
 * generic handlers the same way as outside; a throw rolls everything back.
 */
const t = useTestApp({ signIn: false });
let otherTenantLink: number;

/** A context for tenant 1's admin (user 2) without an HTTP request. */
function context(tenantId: number | null = 1, userId: number | null = 2): RequestContext {
  const request = { abpSession: { tenantId, userId }, culture: 'en' } as FastifyRequest;
  return createContext(t.app, request);
}

const links: ModelCrud<'FriendLink', { id: number; name: string }> = {
  entityName: 'FriendLink',
  model: (ctx) => ctx.db.friendLink,
  toDto: (r) => ({ id: r.id, name: r.name }),
  keywordColumns: ['name'],
  sortable: { id: 'id' },
};

beforeAll(async () => {
  const other = await t.app.prisma.tenant.create({ data: { tenancyName: 'TxOther', name: 'Tx other' } });
  otherTenantLink = (await t.app.prisma.friendLink.create({ data: { tenantId: other.id, name: 'other tenant', url: 'https://other.example' } })).id;
});

describe('ctx.transaction', () => {
  it('keeps the tenant filter, soft delete and audit fields inside, and commits', async () => {
    const ctx = context();
    const id = await ctx.transaction(async (tx) => {
      expect(tx.inTransaction).toBe(true);
      const created = await tx.db.friendLink.create({ data: { tenantId: 1, name: 'in tx', url: 'https://tx.example' } });
      // Tenant filter: another tenant's row is invisible inside too.
      expect(await tx.db.friendLink.findFirst({ where: { id: otherTenantLink } })).toBeNull();
      await expect(getOr404(links, otherTenantLink, tx)).rejects.toThrow('There is no entity FriendLink');
      // The generic handlers run on the transaction's client.
      const page = await crudHandlers(links).GetAll({ SkipCount: 0, MaxResultCount: 100, Keyword: 'in tx' }, tx);
      expect(page.items.map((i) => i.id)).toEqual([created.id]);
      return created.id;
    });
    const row = await t.app.prisma.friendLink.findUniqueOrThrow({ where: { id } });
    expect(row.creatorUserId).toBe(2);
    expect(row.creationTime).toBeInstanceOf(Date);

    await ctx.transaction((tx) => crudHandlers(links).Delete({ Id: id }, tx));
    const deleted = await t.app.prisma.friendLink.findUniqueOrThrow({ where: { id } });
    expect(deleted.isDeleted).toBe(true);
    expect(deleted.deleterUserId).toBe(2);
    expect(await ctx.db.friendLink.findFirst({ where: { id } })).toBeNull();
  });

  it('rolls back every write of the transaction, nested calls included, when work throws', async () => {
    const ctx = context();
    await expect(
      ctx.transaction(async (tx) => {
        await tx.db.friendLink.create({ data: { tenantId: 1, name: 'rolled back outer', url: 'https://tx.example' } });
        await tx.transaction(async (inner) => {
          expect(inner.inTransaction).toBe(true);
          await inner.db.friendLink.create({ data: { tenantId: 1, name: 'rolled back inner', url: 'https://tx.example' } });
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.app.prisma.friendLink.count({ where: { name: { startsWith: 'rolled back' } } })).toBe(0);
  });

  it('undoes a soft delete made inside a failed transaction', async () => {
    const ctx = context();
    const { id } = await ctx.db.friendLink.create({ data: { tenantId: 1, name: 'survivor', url: 'https://tx.example' } });
    await expect(
      ctx.transaction(async (tx) => {
        await tx.db.friendLink.delete({ where: { id } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await t.app.prisma.friendLink.findUniqueOrThrow({ where: { id } })).isDeleted).toBe(false);
  });
});
