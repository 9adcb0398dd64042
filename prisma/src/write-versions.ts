/**
 * Which tables have been written since when, observed at the driver adapter:
 * every statement Prisma (or raw SQL) sends passes through it, so this is the
 * one place that cannot miss a write. Caches of derived values (list totals)
 * key their entries on `version(table)` and are exact, not time-based.
 *
 * A write bumps its table's counter; the end of a transaction (commit or
 * rollback) bumps the global counter, so a value computed while a transaction
 * was open is never reused after it ends. A statement whose table cannot be
 * read (scripts, DDL) bumps the global counter too.
 */
export class WriteVersions {
  private readonly tables = new Map<string, number>();
  private global = 0;

  /** The version of a table: changes whenever the table (or anything, globally) may have changed. */
  version(table: string): string {
    return `${this.global}.${this.tables.get(table) ?? 0}`;
  }

  /** Records a statement; reads are ignored. */
  observe(sql: string): void {
    const m = WRITE.exec(sql);
    if (!m) {
      if (!READ.test(sql)) this.global++;
      return;
    }
    const table = m[1] ?? m[2];
    if (table) this.tables.set(table, (this.tables.get(table) ?? 0) + 1);
    else this.global++;
  }

  /** A transaction ended. */
  endTransaction(): void {
    this.global++;
  }
}

const READ = /^\s*(SELECT|WITH\s+RECURSIVE\s+\w+[^;]*?\)\s*SELECT|PRAGMA\s+\w+\s*$|EXPLAIN|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i;
const WRITE =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:[`"]?main[`"]?\.)?(?:[`"]([^`"]+)[`"]|(\w+))/i;
