import type { DataUpgrade, PrismaClient } from '@edu/db';
import { questionFingerprint } from '@edu/sdk';

/** Stored sub-questions as far as the fingerprint reads them (`storedSub`'s JSON). */
interface StoredPart {
  stem?: unknown;
  options?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const contents = (v: unknown) => (Array.isArray(v) ? v.map((o: { content?: unknown }) => ({ content: text(o?.content) })) : []);

function storedParts(json: string | null): Array<{ stem: string; options: Array<{ content: string }> }> {
  if (json === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.map((p: StoredPart) => ({ stem: text(p?.stem), options: contents(p?.options) })) : [];
}

const BATCH = 500;

/**
 * Recomputes every stored question's duplicate fingerprint (every tenant,
 * deleted questions too) from its stored stem, options and sub-questions,
 * and writes the ones that differ: after the rule of `questionFingerprint`
 * changed, old and new questions would otherwise never match. Batches by id,
 * so memory stays flat on a large bank.
 */
export async function recomputeQuestionFingerprints(prisma: PrismaClient): Promise<number> {
  let changed = 0;
  for (let after = 0; ;) {
    const rows = await prisma.testQuestion.findMany({
      where: { id: { gt: after } },
      orderBy: { id: 'asc' },
      take: BATCH,
      select: { id: true, stem: true, subQuestionsJson: true, fingerprint: true },
    });
    if (rows.length === 0) return changed;
    after = rows.at(-1)?.id ?? after;
    const options = await prisma.testQuestionOption.findMany({
      where: { questionId: { in: rows.map((r) => r.id) } },
      orderBy: [{ questionId: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
      select: { questionId: true, content: true },
    });
    const optionsOf = new Map<number, Array<{ content: string }>>();
    for (const o of options) optionsOf.set(o.questionId, [...(optionsOf.get(o.questionId) ?? []), o]);
    const updates = rows.flatMap((r) => {
      const fingerprint = questionFingerprint({ stem: r.stem, options: optionsOf.get(r.id) ?? [], subQuestions: storedParts(r.subQuestionsJson) });
      return fingerprint === r.fingerprint ? [] : [prisma.testQuestion.update({ where: { id: r.id }, data: { fingerprint }, select: { id: true } })];
    });
    if (updates.length) await prisma.$transaction(updates);
    changed += updates.length;
  }
}

/** Data upgrade 1: the fingerprint keeps signs, brackets and decimal points (`normaliseQuestionText`). */
export const questionFingerprintsUpgrade: DataUpgrade = {
  version: 1,
  name: 'question fingerprints keep signs, brackets and decimal points',
  run: async (prisma) => {
    await recomputeQuestionFingerprints(prisma);
  },
};
