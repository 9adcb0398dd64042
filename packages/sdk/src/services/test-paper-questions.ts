import { z } from 'zod';
import type { EndpointOptions } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { IdQuery, VoidResult, listResult } from '../core/schemas.ts';
import { declarePermissions, permission } from '../core/permission.ts';
import { PlatformPermissions } from '../platform-permissions.ts';

/**
 * What papers share with the question bank's service: the kinds, the
 * permission table of papers, and TestQuestion's paper calls
 * (`GetAllQuestionOfPaper`, `DeletePaperOfQuestion`), spread into
 * TestQuestionService the way the import calls are. Kept apart from
 * test-paper.ts so that the question service can spread them without an
 * import cycle (the paper service uses the question DTOs). See test-paper.ts.
 */

/** 1 试卷 (paper), 2 作业 (homework). */
export const PaperKind = abpEnum({ Paper: 1, Homework: 2 }, 'Paper kind');
export type PaperKind = z.infer<typeof PaperKind>;

/** 1 手动组卷 (manual, sections by hand), 2 随机组卷 (random, generated from rules). */
export const PaperAssembly = abpEnum({ Manual: 1, Random: 2 }, 'Paper assembly');
export type PaperAssembly = z.infer<typeof PaperAssembly>;

/** At most 20 sections, 300 questions in a paper (all sections together), 30 rules, 20 classes. */
export const MAX_PAPER_SECTIONS = 20;
export const MAX_PAPER_QUESTIONS = 300;
export const MAX_RANDOM_RULES = 30;
export const MAX_PAPER_CLASS_NAMES = 20;

/** The papers' and homework's permissions, attached to the TestPaper service (the permission tree collects them from this service). */
export const PaperPermissions = declarePermissions({
  TestPapers: {
    Hand: permission('手动组卷', 'Manual papers'),
    UniversityHand: permission('大学手动组卷', 'University manual papers'),
    Random: permission('随机组卷', 'Random papers'),
    UniversityRandom: permission('大学随机组卷', 'University random papers'),
  },
  Homeworks: {
    Hand: permission('手动作业', 'Manual homework'),
    Random: permission('随机作业', 'Random homework'),
  },
});
const P = PaperPermissions;

/**
 * The permission of each cell kind × assembly × bank; `null`: no such cell
 * (university homework). Declared once: the server checks it on every call,
 * the console derives its screens from it.
 */
export const PAPER_PERMISSIONS = {
  1: {
    1: { standard: P.TestPapersHand, university: P.TestPapersUniversityHand },
    2: { standard: P.TestPapersRandom, university: P.TestPapersUniversityRandom },
  },
  2: {
    1: { standard: P.HomeworksHand, university: null },
    2: { standard: P.HomeworksRandom, university: null },
  },
} as const satisfies Record<PaperKind, Record<PaperAssembly, { standard: string; university: string | null }>>;

/** The permission that governs a paper of this kind, assembly and bank (null: the combination does not exist). */
export function paperPermission(kind: PaperKind, assembly: PaperAssembly, isUniversity: boolean): string | null {
  const cell = PAPER_PERMISSIONS[kind][assembly];
  return isUniversity ? cell.university : cell.standard;
}

/** Every cell with its permission, for lists restricted to what the caller holds. */
export const PAPER_CELLS: ReadonlyArray<{ kind: PaperKind; assembly: PaperAssembly; isUniversity: boolean; permission: string }> = (
  [1, 2] as const
).flatMap((kind) =>
  ([1, 2] as const).flatMap((assembly) =>
    [false, true].flatMap((isUniversity) => {
      const permission = paperPermission(kind, assembly, isUniversity);
      return permission ? [{ kind, assembly, isUniversity, permission }] : [];
    }),
  ),
);

/** Who reviews papers and homework (spec: `auditedTestPaper`, `auditedHomeWork`). */
export const paperReviewers = PlatformPermissions.Manages;
/** Anyone who works with papers or reviews them (the service's first gate; the cell is checked per paper). */
export const paperAccess = [...new Set(PAPER_CELLS.map((c) => c.permission)), paperReviewers] as const;

/** A question of a paper with the full bank DTO (`question` null when it has left the bank), for the workbench. */
export function paperQuestionDetailDto<Q extends z.ZodType>(question: Q) {
  return z.object({
    /** The paper-question link id (what `DeletePaperOfQuestion?Id=` takes). */
    id: z.number().int(),
    sectionId: z.number().int(),
    sectionTitle: z.string(),
    /** Position in the whole paper (0-based, sections in order). */
    sort: z.number().int().min(0),
    score: z.number(),
    question: question.nullable(),
  });
}

/**
 * `GetAllQuestionOfPaper?PaperId=` (a paper's questions in order, full DTOs)
 * and `DeletePaperOfQuestion?Id=` (Id = the paper-question link id: removes
 * one question from its paper, totals recomputed, the paper back to review;
 * an unknown link succeeds silently like any delete). Both need the paper's
 * cell permission (`paperPermission`) or, for reading, a reviewer's.
 */
export function paperQuestionEndpoints<Q extends z.ZodType>(question: Q) {
  return {
    GetAllQuestionOfPaper: {
      input: z.object({ PaperId: z.number().int().min(1) }),
      output: listResult(paperQuestionDetailDto(question)),
      access: paperAccess,
      inferred: true,
    },
    DeletePaperOfQuestion: { input: IdQuery, output: VoidResult, access: paperAccess, inferred: true },
  } as const satisfies Record<string, EndpointOptions>;
}
