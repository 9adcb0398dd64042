/**
 * Which tables have been written since when, observed at the driver adapter:
 * every statement Prisma (or raw SQL) sends passes through it, so this is the
 * one place that cannot miss a write. Caches of derived values (list totals)
 * key their entries on `version(table)` and are exact, not time-based.
 *
 * A write bumps its table's counter, and the counters of the tables the
 * database writes on its behalf (foreign-key cascades, triggers; see
 * `setDependents`). A statement whose table cannot be read (scripts, DDL)
 * bumps the global counter, which every version includes.
 *
 * Transactions: the adapter runs every query on one connection, so a value
 * computed while a transaction is open may include its uncommitted writes.
 * Every table written while a transaction is open (by it or by anyone else on
 * the connection) is bumped again when it ends (commit or rollback), so such a
 * value is never reused after a rollback; tables it did not write keep their
 * versions, and the values cached from them stay valid (a create no longer
 * drops every cached session, count and name).
 */
export class WriteVersions {
  private readonly tables = new Map<string, number>();
  private global = 0;
  /** Table -> tables the database writes when it is written (cascades, triggers). */
  private dependents = new Map<string, readonly string[]>();
  private openTransactions = 0;
  /** Tables written (and whether an unknown statement ran) while a transaction was open. */
  private readonly writtenInTransaction = new Set<string>();
  private unknownInTransaction = false;

  /** The version of a table: changes whenever the table (or anything, globally) may have changed. */
  version(table: string): string {
    return `${this.global}.${this.tables.get(table) ?? 0}`;
  }

  /** Records a statement; reads are ignored. */
  observe(sql: string): void {
    const m = WRITE.exec(sql);
    if (!m) {
      if (!READ.test(sql)) this.bumpGlobal();
      return;
    }
    const table = m[1] ?? m[2];
    if (table) this.bump(table, new Set());
    else this.bumpGlobal();
  }

  /**
   * Everything may have changed beneath the connection (the file was restored
   * from a snapshot through another connection): every version changes.
   */
  changedBeneath(): void {
    this.bumpGlobal();
  }

  /** A transaction began (after BEGIN). */
  beginTransaction(): void {
    this.openTransactions++;
  }

  /** A transaction ended (commit or rollback): what was written while it was open is bumped again. */
  endTransaction(): void {
    this.openTransactions = Math.max(0, this.openTransactions - 1);
    const written = [...this.writtenInTransaction];
    const unknown = this.unknownInTransaction;
    if (this.openTransactions === 0) {
      this.writtenInTransaction.clear();
      this.unknownInTransaction = false;
    }
    for (const t of written) this.tables.set(t, (this.tables.get(t) ?? 0) + 1);
    if (unknown) this.global++;
  }

  /**
   * Which tables the database itself writes when a table is written
   * (`ON DELETE CASCADE` / `SET NULL` children, tables a trigger writes):
   * read from the schema by the adapter (sqlite.ts) on connect and after DDL.
   */
  setDependents(dependents: ReadonlyMap<string, readonly string[]>): void {
    this.dependents = new Map(dependents);
  }

  private bump(table: string, seen: Set<string>): void {
    if (seen.has(table)) return;
    seen.add(table);
    this.tables.set(table, (this.tables.get(table) ?? 0) + 1);
    if (this.openTransactions > 0) this.writtenInTransaction.add(table);
    for (const d of this.dependents.get(table) ?? []) this.bump(d, seen);
  }

  private bumpGlobal(): void {
    this.global++;
    if (this.openTransactions > 0) this.unknownInTransaction = true;
  }
}

/** Whether a statement only reads (or is transaction control): it need not wait for an open transaction (sqlite.ts). */
export const readsOnly = (sql: string): boolean => READ.test(sql);

const READ = /^\s*(SELECT|WITH\s+RECURSIVE\s+\w+[^;]*?\)\s*SELECT|PRAGMA\s+\w+\s*$|EXPLAIN|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i;
const WRITE =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:[`"]?main[`"]?\.)?(?:[`"]([^`"]+)[`"]|(\w+))/i;
/** Every write statement inside a trigger body (after BEGIN or `;`). */
const WRITE_IN_BODY =
  /(?:\bBEGIN|;)\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:[`"]?main[`"]?\.)?(?:[`"]([^`"]+)[`"]|(\w+))/gi;

/** A foreign key as `PRAGMA foreign_key_list` reports it, with its child table. */
export interface ForeignKeyRow {
  child: string;
  parent: string;
  onDelete: string;
  onUpdate: string;
}

/**
 * The dependents map from the schema: a parent's writes reach a child through
 * `CASCADE`, `SET NULL` and `SET DEFAULT` actions; a trigger on a table writes
 * the tables its body inserts into, updates or deletes from.
 */
export function dependentsOf(foreignKeys: readonly ForeignKeyRow[], triggers: ReadonlyArray<{ table: string; sql: string }>): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    const set = out.get(from) ?? new Set<string>();
    set.add(to);
    out.set(from, set);
  };
  const acts = (action: string) => /^(CASCADE|SET NULL|SET DEFAULT)$/i.test(action);
  for (const fk of foreignKeys) if (acts(fk.onDelete) || acts(fk.onUpdate)) add(fk.parent, fk.child);
  for (const t of triggers) for (const m of t.sql.matchAll(WRITE_IN_BODY)) add(t.table, m[1] ?? m[2]!);
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}
