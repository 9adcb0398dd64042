import { AbpError, paperPermission, type PaperAssembly, type PaperKind } from '@edu/sdk';
import { fieldPath } from '../../lib/field-path.ts';
import type { OptionSpec } from '../../resources/index.ts';

/** Which paper a screen works on: kind (试卷 / 作业) and bank (standard / 大学). */
export interface PaperCell {
  kind: PaperKind;
  isUniversity: boolean;
}

/** The permission that governs writing a paper of this cell and assembly (the server checks the same). */
export function cellPermission(cell: PaperCell, assembly: PaperAssembly): string {
  return paperPermission(cell.kind, assembly, cell.isUniversity) ?? 'authenticated';
}

/**
 * The paper lists of the route table (navigation.ts, checked by
 * paper-api.test.ts) by route name, each one cell and assembly, with its
 * group. The assembly page of a paper hangs under its list:
 * `/testPapers/testPaper/12/assemble`, `/workPapers/homeWork/new/assemble`.
 */
export const PAPER_LISTS = {
  testPaper: { group: 'testPapers', cell: { kind: 1, isUniversity: false }, assembly: 1 },
  testPaperUs: { group: 'testPapers', cell: { kind: 1, isUniversity: true }, assembly: 1 },
  randomPaper: { group: 'testPapers', cell: { kind: 1, isUniversity: false }, assembly: 2 },
  randomPaperUs: { group: 'testPapers', cell: { kind: 1, isUniversity: true }, assembly: 2 },
  homeWork: { group: 'workPapers', cell: { kind: 2, isUniversity: false }, assembly: 1 },
  randomWork: { group: 'workPapers', cell: { kind: 2, isUniversity: false }, assembly: 2 },
} as const satisfies Record<string, { group: string; cell: PaperCell; assembly: PaperAssembly }>;

export type PaperListName = keyof typeof PAPER_LISTS;

export const isPaperList = (name: string | undefined): name is PaperListName => name !== undefined && Object.hasOwn(PAPER_LISTS, name);

/** The list a paper of this cell and assembly is shown in. */
export function paperListOf(cell: PaperCell, assembly: PaperAssembly): PaperListName {
  const found = (Object.keys(PAPER_LISTS) as PaperListName[]).find((name) => {
    const l = PAPER_LISTS[name];
    return l.cell.kind === cell.kind && l.cell.isUniversity === cell.isUniversity && l.assembly === assembly;
  });
  // No university homework list: such a paper is shown with the homework.
  return found ?? (cell.kind === 2 ? (assembly === 1 ? 'homeWork' : 'randomWork') : 'testPaper');
}

/** A paper list's path. */
export const paperListPath = (list: PaperListName) => `/${PAPER_LISTS[list].group}/${list}`;

/** The assembly page of a paper (`new` for a paper not saved yet) under its list. */
export const assemblePath = (list: PaperListName, id: number | 'new') => `${paperListPath(list)}/${id}/assemble`;

/** `new`, or a paper id (a positive integer), or null for anything else. */
export function paperIdParam(id: string | undefined): number | 'new' | null {
  if (id === 'new') return 'new';
  return id !== undefined && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

export const kindOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `papers.kind.${value}` }));
export const assemblyOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `papers.assembly.${value}` }));

/**
 * A server validation error's messages by field, keyed in the dotted form
 * (`sections[0].questions[1].score` -> `sections.0.questions.1.score`), for
 * rows that are not form fields (sections, questions, rules). Empty for other errors.
 */
export function fieldErrorMap(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (e instanceof AbpError) for (const [member, message] of Object.entries(e.fieldErrors())) out[fieldPath(member)] = message;
  return out;
}
