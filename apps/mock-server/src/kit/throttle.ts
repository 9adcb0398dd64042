/**
 * A sliding-window counter kept in memory: at most `limit` hits per key in
 * any `windowMs`. For throttles where one process is the whole server (the
 * mock); a cluster would keep the windows in a shared store. At most
 * `maxKeys` keys are kept: past it, the least recently started ones go first,
 * so a flood of new keys costs bounded memory (and forgets old windows).
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts a hit for `key` at `now`: 0 when within the limit, else the seconds until one more is allowed (the hit is not counted). */
  take(key: string, now = Date.now()): number {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! - since) / 1000));
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next();
      if (!oldest.done) this.hits.delete(oldest.value);
    }
    return 0;
  }
}
