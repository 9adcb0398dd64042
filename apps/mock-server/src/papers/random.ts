import {
  PAPER_PRICE_FEN,
  type QuestionType,
  type RandomRule,
  type RandomGroupReport,
  type RandomRuleReport,
  type ValidationErrorInfo,
} from '@edu/sdk';
import { Prisma, type WriteVersions } from '@edu/db';
import type { z } from 'zod';
import type { Db } from '../kit/context.ts';
import { AbpValidationError } from '../kit/errors.ts';
import type { TextKey } from '../localization/texts.ts';
import {
  minCostAssignment,
  seededRank,
  solveRules,
  type CostBucket,
  type Signature,
  type Solution,
  type SolverRule,
  type UnitGroup,
} from './solver.ts';

/**
 * Random assembly (随机组卷): rules resolved against the tenant's bank, the
 * joint dry run (counts by signature in grouped queries, then the flow of
 * solver.ts over groups of interchangeable units) and the draw of concrete
 * questions (least used first, ties broken by the seed, one per family).
 * Functions take the filtered database (`ctx.db` or a transaction's), so the
 * tenant and soft-delete filters apply; the benchmark calls `randomDryRun`
 * directly.
 */

export type Rule = z.output<typeof RandomRule>;
type Translate = (key: TextKey, ...args: Array<string | number>) => string;

const TYPE_SHORT: Readonly<Record<QuestionType, string>> = { 1: '单选', 2: '多选', 3: '判断', 4: '填空', 5: '简答', 6: '材料', 7: '不定项' };
const DIFFICULTY_NAMES: Record<number, string> = { 1: '简单', 2: '一般', 3: '困难' };
const QUESTION_CATEGORY = 3;

/** A rule with what it accepts resolved: the category subtree or the chapter with its sections. */
export interface ResolvedRule extends SolverRule {
  rule: Rule;
  label: string;
}

/** What a dry run found: the report, and what the draw needs. */
export interface RandomPlan {
  report: RandomGroupReport;
  rules: ResolvedRule[];
  signatures: Signature[];
  groups: UnitGroup[];
  groupIndex: Map<string, number>;
  solution: Solution;
  /** The candidates' conditions (tenant, live, approved, shown, bank variant, the rules' types), as SQL. */
  where: Prisma.Sql;
  tenantId: number;
}

/** Resolves categories and chapters of the rules (400 on `rules[i].categoryId` / `.chapterTypeId` for unknown ones). */
export async function resolveRules(db: Db, rules: readonly Rule[], t: Translate): Promise<ResolvedRule[]> {
  const categoryIds = [...new Set(rules.flatMap((r) => (r.categoryId ? [r.categoryId] : [])))];
  const chapterIds = [...new Set(rules.flatMap((r) => (r.chapterTypeId ? [r.chapterTypeId] : [])))];
  const [roots, chapters] = await Promise.all([
    categoryIds.length
      ? db.multiLevelCategory.findMany({
          where: { id: { in: categoryIds }, classTypeId: QUESTION_CATEGORY },
          select: { id: true, name: true, path: true },
        })
      : [],
    chapterIds.length
      ? db.chapterType.findMany({
          where: { OR: [{ id: { in: chapterIds } }, { parentId: { in: chapterIds } }] },
          select: { id: true, name: true, parentId: true },
        })
      : [],
  ]);
  const subtrees = roots.length
    ? await db.multiLevelCategory.findMany({ where: { OR: roots.map((r) => ({ path: { startsWith: r.path } })) }, select: { id: true, path: true } })
    : [];
  const errors: ValidationErrorInfo[] = [];
  const resolved = rules.map((rule, i): ResolvedRule => {
    let place = '';
    let inPlace: (s: Signature) => boolean = () => false;
    if (rule.categoryId) {
      const root = roots.find((r) => r.id === rule.categoryId);
      if (!root) errors.push({ message: t('RuleCategoryUnknown', rule.categoryId), members: [`rules[${i}].categoryId`] });
      else {
        const ids = new Set(subtrees.filter((c) => c.path.startsWith(root.path)).map((c) => c.id));
        place = root.name;
        inPlace = (s) => ids.has(s.categoryId);
      }
    } else if (rule.chapterTypeId) {
      const chapter = chapters.find((c) => c.id === rule.chapterTypeId);
      if (!chapter) errors.push({ message: t('RuleChapterUnknown', rule.chapterTypeId), members: [`rules[${i}].chapterTypeId`] });
      else {
        const ids = new Set([chapter.id, ...chapters.filter((c) => c.parentId === chapter.id).map((c) => c.id)]);
        place = chapter.name;
        inPlace = (s) => s.chapterTypeId !== null && ids.has(s.chapterTypeId);
      }
    }
    const difficulty = rule.difficulty ?? null;
    return {
      rule,
      count: rule.count,
      label: [TYPE_SHORT[rule.questionType], place, difficulty ? DIFFICULTY_NAMES[difficulty] : null].filter(Boolean).join('·'),
      accepts: (s) => s.questionType === rule.questionType && (difficulty === null || s.difficulty === difficulty) && inPlace(s),
    };
  });
  if (errors.length) throw new AbpValidationError(errors);
  return resolved;
}

const signatureKey = (s: Signature) => `${s.questionType}|${s.difficulty}|${s.categoryId}|${s.chapterTypeId ?? ''}`;

/**
 * The candidates: live, approved, shown questions of the tenant's bank
 * variant and of the rules' types. Raw SQL (grouped counts over 100,000 rows
 * are several times faster than through the client), so the tenant and soft
 * delete are written here.
 */
function candidateWhere(tenantId: number, isUniversity: boolean, rules: readonly Rule[]): Prisma.Sql {
  const types = [...new Set(rules.map((r) => r.questionType))];
  return Prisma.sql`"tenantId" = ${tenantId} AND "isDeleted" = 0 AND "auditStatus" = 1 AND "isShow" = 1 AND "isUniversity" = ${isUniversity ? 1 : 0} AND "questionType" IN (${Prisma.join(types)})`;
}

type ClassRows = [Array<{ t: number; d: number; c: number; h: number | null; n: number | bigint }>, Array<{ sig: string; n: number | bigint }>];

/**
 * Approved, shown questions counted by signature (type, difficulty, category,
 * chapter): standalone questions, and sister families by the set of
 * signatures they span. Every dry run of a rule editor reads the same counts
 * until the bank changes, so they are kept per bank variant and type set,
 * stamped with TestQuestion's write version (exact, as the count cache);
 * inside a transaction (`versions` absent) they are read fresh.
 */
const classCache = new WeakMap<WriteVersions, Map<string, { stamp: string; rows: Promise<ClassRows> }>>();
function classCounts(
  db: Db,
  input: { tenantId: number; isUniversity: boolean; rules: readonly Rule[] },
  versions?: WriteVersions,
): Promise<ClassRows> {
  const where = candidateWhere(input.tenantId, input.isUniversity, input.rules);
  // Families: each family's signatures as one text, then counted per distinct text (a group may appear under two orders of its set; both stay exact).
  const read = (): Promise<ClassRows> =>
    Promise.all([
      db.$queryRaw<Array<{ t: number; d: number; c: number; h: number | null; n: number | bigint }>>`
      SELECT "questionType" AS t, "difficulty" AS d, "categoryId" AS c, "chapterTypeId" AS h, COUNT(*) AS n
      FROM "TestQuestion" WHERE ${where} AND "sisterGroupId" IS NULL
      GROUP BY 1, 2, 3, 4`,
      db.$queryRaw<Array<{ sig: string; n: number | bigint }>>`
      SELECT sig, COUNT(*) AS n FROM (
        SELECT group_concat(DISTINCT "questionType" || '|' || "difficulty" || '|' || "categoryId" || '|' || IFNULL("chapterTypeId", '')) AS sig
        FROM "TestQuestion" WHERE ${where} AND "sisterGroupId" IS NOT NULL
        GROUP BY "sisterGroupId")
      GROUP BY sig`,
    ]);
  if (!versions) return read();
  let cache = classCache.get(versions);
  if (!cache) classCache.set(versions, (cache = new Map<string, { stamp: string; rows: Promise<ClassRows> }>()));
  const key = `${input.tenantId}|${input.isUniversity}|${[...new Set(input.rules.map((r) => r.questionType))].sort().join(',')}`;
  const stamp = versions.version('TestQuestion');
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.rows;
  const rows = read();
  cache.set(key, { stamp, rows });
  // Bounded: tenants × variants × type sets; the oldest goes first.
  if (cache.size > 200) cache.delete(cache.keys().next().value!);
  void rows.catch(() => cache.delete(key));
  return rows;
}

/**
 * The joint dry run: grouped counts of approved, shown questions of the bank
 * variant by signature (standalone questions counted, families listed once
 * per signature they span), the flow over groups, and the report. Writes
 * nothing. `seed` is only echoed in the report.
 */
export async function randomDryRun(
  db: Db,
  input: { tenantId: number; isUniversity: boolean; rules: readonly Rule[]; seed: number },
  t: Translate = (key) => key,
  versions?: WriteVersions,
): Promise<RandomPlan> {
  const rules = await resolveRules(db, input.rules, t);
  const [standalone, familyRows] = await classCounts(db, input, versions);
  const signatures: Signature[] = [];
  const sigIndex = new Map<string, number>();
  const sig = (s: Signature) => {
    const key = signatureKey(s);
    let i = sigIndex.get(key);
    if (i === undefined) {
      i = signatures.push({ questionType: s.questionType, difficulty: s.difficulty, categoryId: s.categoryId, chapterTypeId: s.chapterTypeId }) - 1;
      sigIndex.set(key, i);
    }
    return i;
  };
  const groups: UnitGroup[] = [];
  const groupIndex = new Map<string, number>();
  const addUnits = (sigs: number[], n: number) => {
    const key = groupKeyOf(sigs);
    const i = groupIndex.get(key);
    if (i === undefined) groupIndex.set(key, groups.push({ signatures: [...new Set(sigs)].sort((a, b) => a - b), capacity: n }) - 1);
    else groups[i]!.capacity += n;
  };
  for (const row of standalone) addUnits([sig({ questionType: row.t, difficulty: row.d, categoryId: row.c, chapterTypeId: row.h })], Number(row.n));
  for (const row of familyRows) {
    const sigs = row.sig.split(',').map((text) => {
      const [type, difficulty, category, chapter] = text.split('|');
      return sig({
        questionType: Number(type),
        difficulty: Number(difficulty),
        categoryId: Number(category),
        chapterTypeId: chapter ? Number(chapter) : null,
      });
    });
    addUnits(sigs, Number(row.n));
  }

  const solution = solveRules(rules, signatures, groups);
  return {
    report: reportOf(rules, solution, input.seed),
    rules,
    signatures,
    groups,
    groupIndex,
    solution,
    where: candidateWhere(input.tenantId, input.isUniversity, input.rules),
    tenantId: input.tenantId,
  };
}

/** A group's key: its signature indexes, sorted and distinct. */
function groupKeyOf(sigs: readonly number[]): string {
  return [...new Set(sigs)].sort((a, b) => a - b).join(',');
}

function reportOf(rules: ResolvedRule[], solution: Solution, seed: number): RandomGroupReport {
  const limitingIndexes = solution.perRule.flatMap((p, i) => (p.limiting ? [i] : []));
  const lines: RandomRuleReport[] = rules.map((r, i) => {
    const p = solution.perRule[i]!;
    const required = r.rule.count;
    const others = limitingIndexes.filter((j) => j !== i).map((j) => `规则 ${j + 1}`);
    const message =
      p.available < required
        ? `${r.label} 需 ${required} 可用 ${p.available}`
        : p.assignable < required || (p.limiting && others.length)
          ? `${r.label} 需 ${required} 可用 ${p.assignable}（${others.length ? `与${others.join('、')} ` : '与其他规则'}共用同一批试题）`
          : `${r.label} 需 ${required} 可用 ${p.available}`;
    return {
      index: i,
      label: r.label,
      required,
      available: p.available,
      assignable: p.assignable,
      shortBy: required - p.assignable,
      limiting: p.limiting,
      message,
    };
  });
  const required = lines.reduce((s, l) => s + l.required, 0);
  return {
    feasible: solution.feasible,
    required,
    assignable: lines.reduce((s, l) => s + l.assignable, 0),
    totalFraction: rules.reduce((s, r) => s + r.rule.count * r.rule.score, 0),
    money: rules.reduce((s, r) => s + r.rule.count * PAPER_PRICE_FEN[r.rule.questionType], 0),
    rules: lines,
    message: solution.feasible
      ? null
      : lines
          .filter((l) => l.limiting)
          .map((l) => l.message)
          .join('；'),
    seed,
  };
}

/** A drawn question: which rule it serves. */
export interface DrawnQuestion {
  ruleIndex: number;
  questionId: number;
  questionType: number;
  score: number;
}

interface Candidate extends Signature {
  id: number;
  sisterGroupId: number | null;
  usage: number;
}

/**
 * Draws the concrete questions of a feasible plan. Units (questions, or
 * families: a family's usage is its members' sum) are bucketed by group and
 * usage (how many live papers of the tenant hold them); a minimum-cost flow
 * takes each rule's units from the buckets it accepts at the least total
 * usage (least-used first across the whole bank, not group by group), the
 * seed ordering groups of equal usage and units within a bucket; a family
 * gives the rule its least-used member the rule accepts. The same seed, bank
 * and usage give the same questions.
 */
export async function drawQuestions(db: Db, plan: RandomPlan, seed: number): Promise<DrawnQuestion[]> {
  const rows = await db.$queryRaw<
    Array<{ id: number; questionType: number; difficulty: number; categoryId: number; chapterTypeId: number | null; sisterGroupId: number | null }>
  >`
    SELECT "id", "questionType", "difficulty", "categoryId", "chapterTypeId", "sisterGroupId" FROM "TestQuestion" WHERE ${plan.where}`;
  const usage = await usageOf(db, plan.tenantId);
  const sigIndexOf = new Map(plan.signatures.map((s, i) => [signatureKey(s), i]));
  type Unit = { key: number; members: Candidate[]; usage: number };
  const unitsByGroup = new Map<number, Unit[]>();
  const familyMembers = new Map<number, Candidate[]>();
  // Only groups some rule accepts take part (the rest of the bank is never drawn).
  const accepts = (r: number, gi: number) => plan.groups[gi]!.signatures.some((s) => plan.rules[r]!.accepts(plan.signatures[s]!));
  const wanted = new Set(plan.groups.flatMap((_, gi) => (plan.rules.some((_r, r) => accepts(r, gi)) ? [gi] : [])));
  const place = (key: number, members: Candidate[]) => {
    const gi = plan.groupIndex.get(groupKeyOf(members.map((m) => sigIndexOf.get(signatureKey(m)) ?? -1)));
    if (gi === undefined || !wanted.has(gi)) return;
    const list = unitsByGroup.get(gi) ?? [];
    list.push({ key, members, usage: members.reduce((s, m) => s + m.usage, 0) });
    unitsByGroup.set(gi, list);
  };
  for (const row of rows) {
    const c: Candidate = { ...row, usage: usage.get(row.id) ?? 0 };
    if (c.sisterGroupId === null) place(c.id, [c]);
    else {
      const members = familyMembers.get(c.sisterGroupId);
      if (members) members.push(c);
      else familyMembers.set(c.sisterGroupId, [c]);
    }
  }
  // Families are keyed apart from question ids (a family's key is its group id, negated).
  for (const [group, members] of familyMembers) place(-group, members);
  // Buckets: a group's units of one usage. Cost: usage first, then a seeded order of the groups (variety between seeds at equal usage).
  const weight = plan.groups.length + 1;
  const buckets: Array<CostBucket & { units: Unit[] }> = [];
  for (const [gi, units] of [...unitsByGroup].sort((a, b) => a[0] - b[0])) {
    const byUsage = new Map<number, Unit[]>();
    for (const u of units) {
      const same = byUsage.get(u.usage);
      if (same) same.push(u);
      else byUsage.set(u.usage, [u]);
    }
    for (const [u, list] of [...byUsage].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => seededRank(seed, a.key) - seededRank(seed, b.key));
      buckets.push({ group: gi, capacity: list.length, cost: u * weight + (seededRank(seed, gi) % weight), units: list });
    }
  }
  const assignment = minCostAssignment(
    plan.rules.map((r) => r.count),
    buckets,
    accepts,
  );
  const cursor = new Map<number, number>();
  const drawn: DrawnQuestion[] = [];
  plan.rules.forEach((r, ruleIndex) => {
    const taken: Unit[] = [];
    for (const [bi, n] of [...assignment[ruleIndex]!].sort((a, b) => a[0] - b[0])) {
      const from = cursor.get(bi) ?? 0;
      taken.push(...(buckets[bi]?.units.slice(from, from + n) ?? []));
      cursor.set(bi, from + n);
    }
    // The counts came from the same filtered tables a moment ago (in the same transaction); fewer now would be a bug.
    if (taken.length !== r.count) throw new Error(`Rule ${ruleIndex}: drew ${taken.length} of ${r.count}`);
    for (const unit of taken) {
      const member = unit.members.filter((m) => r.accepts(m)).sort((a, b) => a.usage - b.usage || seededRank(seed, a.id) - seededRank(seed, b.id))[0];
      if (!member) throw new Error('A unit without a member the rule accepts');
      drawn.push({ ruleIndex, questionId: member.id, questionType: member.questionType, score: r.rule.score });
    }
  });
  return drawn;
}

/**
 * How many live papers of the tenant hold each question: one grouped query
 * over the links. Raw SQL passes the data filters by, so the tenant and the
 * papers' soft delete are written here.
 */
export async function usageOf(db: Db, tenantId: number): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<Array<{ questionId: number; n: number | bigint }>>`
    SELECT l."questionId" AS "questionId", COUNT(DISTINCT l."paperId") AS n
    FROM "TestPaperQuestion" l JOIN "TestPaper" p ON p."id" = l."paperId"
    WHERE p."isDeleted" = 0 AND p."tenantId" = ${tenantId}
    GROUP BY l."questionId"`;
  return new Map(rows.map((r) => [r.questionId, Number(r.n)]));
}
