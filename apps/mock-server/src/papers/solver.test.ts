import { describe, expect, it } from 'vitest';
import { minCostAssignment, seededRank, solveRules, type Signature } from './solver.ts';

/** The joint solver on hand-made groups: overlaps, families spanning signatures, the limiting set, the least-cost draw. */
const sig = (questionType: number, difficulty: number, categoryId = 1): Signature => ({ questionType, difficulty, categoryId, chapterTypeId: null });
const rule = (count: number, accepts: (s: Signature) => boolean) => ({ count, accepts });

describe('solveRules', () => {
  it('finds overlapping rules infeasible together though each fits alone, and names both', () => {
    const signatures = [sig(1, 3), sig(1, 1)];
    const groups = [
      { signatures: [0], capacity: 4 },
      { signatures: [1], capacity: 3 },
    ];
    // Any single choice: 5 (7 exist); hard single choice: 4 (4 exist). Together 9 > 7.
    const rules = [rule(5, (s) => s.questionType === 1), rule(4, (s) => s.questionType === 1 && s.difficulty === 3)];
    const alone = rules.map((r) => solveRules([r], signatures, groups).feasible);
    expect(alone).toEqual([true, true]);
    const joint = solveRules(rules, signatures, groups);
    expect(joint.feasible).toBe(false);
    expect(joint.perRule.map((p) => p.available)).toEqual([7, 4]);
    expect(joint.perRule.reduce((s, p) => s + p.assignable, 0)).toBe(7);
    expect(joint.perRule.map((p) => p.limiting)).toEqual([true, true]);
  });

  it('leaves an unrelated rule out of the limiting set', () => {
    const signatures = [sig(1, 1), sig(3, 1)];
    const groups = [
      { signatures: [0], capacity: 2 },
      { signatures: [1], capacity: 10 },
    ];
    const joint = solveRules([rule(3, (s) => s.questionType === 1), rule(5, (s) => s.questionType === 3)], signatures, groups);
    expect(joint.perRule.map((p) => [p.assignable, p.limiting])).toEqual([
      [2, true],
      [5, false],
    ]);
  });

  it('counts a family spanning two signatures once, for either rule', () => {
    const signatures = [sig(1, 1), sig(1, 3)];
    // One family with an easy and a hard member: one unit, usable by the easy rule or the hard rule, not both.
    const groups = [{ signatures: [0, 1], capacity: 1 }];
    const rules = [rule(1, (s) => s.difficulty === 1), rule(1, (s) => s.difficulty === 3)];
    const joint = solveRules(rules, signatures, groups);
    expect(joint.perRule.map((p) => p.available)).toEqual([1, 1]);
    expect(joint.feasible).toBe(false);
    expect(solveRules([rules[0]!], signatures, groups).feasible).toBe(true);
  });
});

describe('minCostAssignment', () => {
  it('takes the cheapest buckets each rule accepts and still satisfies every rule', () => {
    // Rule 0 accepts groups 0 and 1, rule 1 only group 1. Cheap units of group 1 must be left to rule 1 when needed.
    const buckets = [
      { group: 0, capacity: 5, cost: 10 },
      { group: 1, capacity: 2, cost: 0 },
      { group: 0, capacity: 3, cost: 0 },
    ];
    const accepts = (r: number, g: number) => (r === 0 ? true : g === 1);
    const out = minCostAssignment([4, 2], buckets, accepts);
    expect(Object.fromEntries(out[1]!)).toEqual({ 1: 2 });
    // Rule 0: the 3 unused units of group 0 first, then 1 of the costly bucket.
    expect(Object.fromEntries(out[0]!)).toEqual({ 0: 1, 2: 3 });
  });

  it('ranks keys reproducibly by seed', () => {
    expect(seededRank(42, 7)).toBe(seededRank(42, 7));
    expect(seededRank(42, 7)).not.toBe(seededRank(43, 7));
  });
});
