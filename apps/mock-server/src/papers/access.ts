import { paperPermission, PAPER_CELLS, Permissions, type GetAllTestPaperInput, type PaperAssembly, type PaperKind } from '@edu/sdk';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import type { Cond, WhereOf } from '../kit/crud.ts';
import { ForbiddenError, invalid } from '../kit/errors.ts';

/**
 * Who may do what with a paper: the cells kind × assembly × bank with their
 * permissions (the SDK's `paperPermission` table).
 */

export type Cell = { kind: number; assembly: number; isUniversity: boolean };
type Query = z.output<typeof GetAllTestPaperInput>;

export const HOMEWORK = 2;
export const RANDOM = 2;
export const MANUAL = 1;

export const narrowKind = (k: number): PaperKind => (k === 2 ? 2 : 1);
export const narrowAssembly = (a: number): PaperAssembly => (a === 2 ? 2 : 1);

/**
 * The cell's permission, or a 403 naming it. Reading (`read`) also admits
 * reviewers. University homework has no cell: a 400 on `isUniversity`.
 */
export async function requireCell(ctx: RequestContext, cell: Cell, mode: 'read' | 'write') {
  const permission = paperPermission(narrowKind(cell.kind), narrowAssembly(cell.assembly), cell.isUniversity);
  if (permission === null) invalid('isUniversity', ctx.t('UniversityHomework'));
  const user = await ctx.requireUser();
  if (user.granted.has(permission) || (mode === 'read' && user.granted.has(Permissions.Manages))) return;
  throw new ForbiddenError([permission]);
}

/** The cells a list may show the caller: every cell for reviewers, else those whose permission the caller holds. */
export async function visibleCells(ctx: RequestContext, q: Query): Promise<Cond<WhereOf<'TestPaper'>> | undefined> {
  const user = await ctx.requireUser();
  const wanted = PAPER_CELLS.filter(
    (c) => (q.Kind ?? c.kind) === c.kind && (q.Assembly ?? c.assembly) === c.assembly && (q.IsUniversity ?? c.isUniversity) === c.isUniversity,
  );
  if (user.granted.has(Permissions.Manages)) return undefined;
  const mine = wanted.filter((c) => user.granted.has(c.permission));
  if (!mine.length) throw new ForbiddenError([...new Set(wanted.map((c) => c.permission))]);
  return { OR: mine.map((c) => ({ kind: c.kind, assembly: c.assembly, isUniversity: c.isUniversity })) };
}

// ---------------------------------------------------------------------------
