import { paperPermission, type PaperAssembly, type PaperKind } from '@edu/sdk';
import type { OptionSpec } from '../../resources/index.ts';

/** Which paper a screen works on: kind (试卷 / 作业) and bank (standard / 大学). */
export interface PaperCell {
  kind: PaperKind;
  isUniversity: boolean;
}

/** Price in fen shown in yuan (`money` is integer fen: 1 元 = 100). */
export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** The permission that governs writing a paper of this cell and assembly (the server checks the same). */
export function cellPermission(cell: PaperCell, assembly: PaperAssembly): string {
  return paperPermission(cell.kind, assembly, cell.isUniversity) ?? 'authenticated';
}

export const kindOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `papers.kind.${value}` }));
export const assemblyOptions: readonly OptionSpec[] = [1, 2].map((value) => ({ value, labelKey: `papers.assembly.${value}` }));

/** A validation path as the server names it (`sections[0].questions[1].score`) in one dotted form (`sections.0.questions.1.score`). */
export { fieldPath } from '../../lib/field-path.ts';
