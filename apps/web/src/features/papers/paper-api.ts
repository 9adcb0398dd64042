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
