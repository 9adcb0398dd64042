/**
 * The joint feasibility of random-assembly rules, as a maximum flow.
 *
 * Questions with the same signature (type, difficulty, category, chapter) are
 * interchangeable with respect to every rule, so the flow runs over *groups*
 * of interchangeable units instead of single questions: a unit is a question
 * outside any sister family, or a whole family (a family serves at most one
 * rule, once). A group is the set of signatures its units span (a standalone
 * question or a one-signature family spans one; a family whose members differ
 * spans several) and its capacity is how many units it holds. The network is
 *
 *   source -> rule r (capacity: r.count) -> group g (unbounded, when r accepts
 *   one of g's signatures) -> sink (capacity: g's units)
 *
 * which is exact: any integral flow is an assignment of distinct units to
 * rules and vice versa. A bank of 100,000 questions has a few thousand groups
 * at most, so the flow is tiny. After the maximum flow, the rules still
 * reachable from the source in the residual network are the limiting set: by
 * Hall's theorem they together ask for more than the groups they can reach
 * hold.
 */

export interface Signature {
  questionType: number;
  difficulty: number;
  categoryId: number;
  chapterTypeId: number | null;
}

export interface UnitGroup {
  /** Indexes into the signature list. */
  signatures: readonly number[];
  /** Units (standalone questions or families) of this group. */
  capacity: number;
}

export interface SolverRule {
  count: number;
  accepts(signature: Signature): boolean;
}

export interface Solution {
  /** Per rule: units of each group assigned to it (group index -> count). */
  assignment: Array<Map<number, number>>;
  perRule: Array<{ available: number; assignable: number; limiting: boolean }>;
  feasible: boolean;
}

interface Edge {
  to: number;
  cap: number;
  rev: number;
}

/** Dinic's maximum flow on a small adjacency-list network. */
class FlowNetwork {
  readonly adj: Edge[][];
  constructor(size: number) {
    this.adj = Array.from({ length: size }, () => []);
  }
  add(from: number, to: number, cap: number): Edge {
    const a = this.adj[from]!;
    const b = this.adj[to]!;
    const edge: Edge = { to, cap, rev: b.length };
    a.push(edge);
    b.push({ to: from, cap: 0, rev: a.length - 1 });
    return edge;
  }
  private levels(source: number, sink: number): number[] | null {
    const level = new Array<number>(this.adj.length).fill(-1);
    level[source] = 0;
    const queue = [source];
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head]!;
      for (const e of this.adj[v]!)
        if (e.cap > 0 && level[e.to]! < 0) {
          level[e.to] = level[v]! + 1;
          queue.push(e.to);
        }
    }
    return level[sink]! < 0 ? null : level;
  }
  maxFlow(source: number, sink: number): number {
    let total = 0;
    for (let level = this.levels(source, sink); level; level = this.levels(source, sink)) {
      const next = new Array<number>(this.adj.length).fill(0);
      const push = (v: number, limit: number): number => {
        if (v === sink) return limit;
        const edges = this.adj[v]!;
        for (; next[v]! < edges.length; next[v]!++) {
          const e = edges[next[v]!]!;
          if (e.cap <= 0 || level[e.to] !== level[v]! + 1) continue;
          const pushed = push(e.to, Math.min(limit, e.cap));
          if (pushed > 0) {
            e.cap -= pushed;
            this.adj[e.to]![e.rev]!.cap += pushed;
            return pushed;
          }
        }
        return 0;
      };
      for (let f = push(source, Infinity); f > 0; f = push(source, Infinity)) total += f;
    }
    return total;
  }
  /** Nodes reachable from `source` through edges with capacity left. */
  reachable(source: number): Set<number> {
    const seen = new Set([source]);
    const stack = [source];
    while (stack.length) {
      const v = stack.pop()!;
      for (const e of this.adj[v]!)
        if (e.cap > 0 && !seen.has(e.to)) {
          seen.add(e.to);
          stack.push(e.to);
        }
    }
    return seen;
  }
}

/** Solves all rules together: how many units each rule gets from each group, and which rules limit the paper. */
export function solveRules(rules: readonly SolverRule[], signatures: readonly Signature[], groups: readonly UnitGroup[]): Solution {
  const accepted = rules.map((r) => signatures.map((s) => r.accepts(s)));
  const eligible = rules.map((_, ri) => groups.flatMap((g, gi) => (g.capacity > 0 && g.signatures.some((s) => accepted[ri]![s]) ? [gi] : [])));
  // Nodes: 0 source, 1 sink, 2.. rules, then groups.
  const source = 0;
  const sink = 1;
  const ruleNode = (ri: number) => 2 + ri;
  const groupNode = (gi: number) => 2 + rules.length + gi;
  const net = new FlowNetwork(2 + rules.length + groups.length);
  const ruleEdges = rules.map((r, ri) => net.add(source, ruleNode(ri), r.count));
  const links = rules.map((_, ri) => eligible[ri]!.map((gi) => ({ gi, edge: net.add(ruleNode(ri), groupNode(gi), Number.MAX_SAFE_INTEGER) })));
  const used = new Set(eligible.flat());
  for (const gi of used) net.add(groupNode(gi), sink, groups[gi]!.capacity);
  net.maxFlow(source, sink);

  const reach = net.reachable(source);
  const assignment = links.map((ls) => {
    const m = new Map<number, number>();
    for (const { gi, edge } of ls) {
      const flow = Number.MAX_SAFE_INTEGER - edge.cap;
      if (flow > 0) m.set(gi, flow);
    }
    return m;
  });
  const perRule = rules.map((r, ri) => {
    const assignable = r.count - ruleEdges[ri]!.cap;
    return {
      available: eligible[ri]!.reduce((sum, gi) => sum + groups[gi]!.capacity, 0),
      assignable,
      // Reachable means its source edge has capacity left or it shares exhausted groups with a rule that has.
      limiting: reach.has(ruleNode(ri)),
    };
  });
  return { assignment, perRule, feasible: perRule.every((p, ri) => p.assignable === rules[ri]!.count) };
}

/** A 32-bit mix of a seed and a key (murmur3's finalizer): the draw's reproducible tie-breaker. */
export function seededRank(seed: number, key: number): number {
  let h = (seed ^ Math.imul(key, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A bucket of the draw: units of one group with one cost (their usage, weighted). */
export interface CostBucket {
  /** The group its units belong to (index into the dry run's groups). */
  group: number;
  capacity: number;
  cost: number;
}

/**
 * The draw's assignment: as many units as each rule requires, from buckets
 * the rule accepts, at the least total cost (minimum-cost flow by successive
 * shortest paths; the network is small and costs are non-negative). Answers,
 * per rule, the units taken from each bucket. Called only on a feasible plan,
 * so the flow saturates every rule.
 */
export function minCostAssignment(
  counts: readonly number[],
  buckets: readonly CostBucket[],
  accepts: (rule: number, group: number) => boolean,
): Array<Map<number, number>> {
  const R = counts.length;
  const source = 0;
  const sink = 1;
  const size = 2 + R + buckets.length;
  type E = { to: number; cap: number; cost: number; rev: number };
  const adj: E[][] = Array.from({ length: size }, () => []);
  const add = (from: number, to: number, cap: number, cost: number) => {
    const e: E = { to, cap, cost, rev: adj[to]!.length };
    adj[from]!.push(e);
    adj[to]!.push({ to: from, cap: 0, cost: -cost, rev: adj[from]!.length - 1 });
    return e;
  };
  counts.forEach((c, r) => add(source, 2 + r, c, 0));
  const links = counts.map((_, r) =>
    buckets.flatMap((b, bi) => (accepts(r, b.group) ? [{ bi, edge: add(2 + r, 2 + R + bi, Number.MAX_SAFE_INTEGER, b.cost) }] : [])),
  );
  buckets.forEach((b, bi) => add(2 + R + bi, sink, b.capacity, 0));
  const need = counts.reduce((s, c) => s + c, 0);
  for (let flow = 0; flow < need;) {
    // Shortest path by cost (SPFA: residual edges may have negative costs).
    const dist = new Array<number>(size).fill(Infinity);
    const prev = new Array<{ v: number; e: E } | null>(size).fill(null);
    const inQueue = new Array<boolean>(size).fill(false);
    dist[source] = 0;
    const queue = [source];
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head]!;
      inQueue[v] = false;
      for (const e of adj[v]!)
        if (e.cap > 0 && dist[v]! + e.cost < dist[e.to]!) {
          dist[e.to] = dist[v]! + e.cost;
          prev[e.to] = { v, e };
          if (!inQueue[e.to]) {
            inQueue[e.to] = true;
            queue.push(e.to);
          }
        }
    }
    if (dist[sink] === Infinity) break;
    let push = need - flow;
    for (let v = sink; v !== source; v = prev[v]!.v) push = Math.min(push, prev[v]!.e.cap);
    for (let v = sink; v !== source; v = prev[v]!.v) {
      const { e } = prev[v]!;
      e.cap -= push;
      adj[e.to]![e.rev]!.cap += push;
    }
    flow += push;
  }
  return links.map((ls) => {
    const m = new Map<number, number>();
    for (const { bi, edge } of ls) {
      const taken = Number.MAX_SAFE_INTEGER - edge.cap;
      if (taken > 0) m.set(bi, taken);
    }
    return m;
  });
}
