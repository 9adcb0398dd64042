import { BackgroundJobService } from '@edu/sdk';
import { EntityNotFoundError } from '../kit/errors.ts';
import { implement } from '../kit/register-service.ts';

/**
 * The caller's own background jobs (extension). Owner-checked on top of the
 * tenant filter: a job of another user or tenant is a 404, as an unknown id.
 */
export const backgroundJob = implement(BackgroundJobService, {
  GetJob: async (input, ctx) => {
    const me = await ctx.requireUser();
    const row = await ctx.prisma.backgroundJob.findFirst({ where: { id: input.Id, tenantId: ctx.session.tenantId, userId: me.id } });
    if (!row) throw new EntityNotFoundError('BackgroundJob', input.Id);
    return ctx.app.jobs.dtoOf(row);
  },
  GetMyJobs: async (input, ctx) => {
    const me = await ctx.requireUser();
    const where = { tenantId: ctx.session.tenantId, userId: me.id, ...(input.State !== undefined && { state: input.State }) };
    const [totalCount, rows] = await Promise.all([
      ctx.prisma.backgroundJob.count({ where }),
      ctx.prisma.backgroundJob.findMany({ where, orderBy: { id: 'desc' }, skip: input.SkipCount, take: input.MaxResultCount }),
    ]);
    return { totalCount, items: rows.map((row) => ctx.app.jobs.dtoOf(row)) };
  },
});
