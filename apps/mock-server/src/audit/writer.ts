import type Database from 'better-sqlite3';
import { ownStatement, sqliteConnection, writeVersions, type PrismaClient } from '@edu/db';
import type { FastifyBaseLogger } from 'fastify';

/** An instant as the adapter stores DateTime columns (ISO 8601 with `+00:00`), so Prisma reads raw-written rows back. */
const storedTime = (d: Date) => d.toISOString().replace('Z', '+00:00');

/** One audit row as recorded (ABP's AuditInfo). */
export interface AuditEntry {
  tenantId: number | null;
  userId: number | null;
  /** Who was signed in as the user (ASP.NET Zero's impersonation), else null. */
  impersonatorUserId: number | null;
  impersonatorTenantId: number | null;
  serviceName: string;
  methodName: string;
  parameters: string | null;
  executionTime: Date;
  executionDuration: number;
  clientIpAddress: string | null;
  clientName: string | null;
  browserInfo: string | null;
  exception: string | null;
}

/** The columns an entry fills. */
const COLUMNS = [
  'tenantId',
  'userId',
  'impersonatorUserId',
  'impersonatorTenantId',
  'serviceName',
  'methodName',
  'parameters',
  'executionTime',
  'executionDuration',
  'clientIpAddress',
  'clientName',
  'browserInfo',
  'exception',
] as const satisfies ReadonlyArray<keyof AuditEntry>;

/** An entry's values in the order of COLUMNS, bound as the adapter binds them. */
const valuesOf = (e: AuditEntry) => COLUMNS.map((c) => (c === 'executionTime' ? storedTime(e.executionTime) : e[c]));

/** Rows per compiled multi-row INSERT (a batch is written as such chunks, then row by row). */
const ROWS_PER_INSERT = 50;
const INSERT = `INSERT INTO "AuditLog" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES `;
const ROW = `(${COLUMNS.map(() => '?').join(', ')})`;
const INSERT_ONE = INSERT + ROW;
const INSERT_CHUNK = INSERT + Array.from({ length: ROWS_PER_INSERT }, () => ROW).join(', ');
/** How long a flush waits, at most, for a transaction open on the connection to end before leaving the rows to the next one. */
const TRANSACTION_WAIT_MS = 2000;

export interface AuditWriterOptions {
  /** How often buffered rows are written (default 1 s). */
  flushEveryMs?: number;
  /** Rows that trigger a write before the timer (default 500: one transaction of 500 rows). */
  batchSize?: number;
  /** Rows kept while writes fail; older ones are dropped past it (default 20,000). */
  maxBuffered?: number;
}

/**
 * Audit rows are buffered in memory and written in batches, one transaction per
 * batch, by a timer, when a batch fills, and on close: recording a call costs
 * the request an object in an array, and a failed write is logged, never the
 * request's failure (ABP's `AuditingStore` failures are logged too).
 */
export class AuditWriter {
  private buffer: AuditEntry[] = [];
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly log: FastifyBaseLogger,
    options: AuditWriterOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 20_000;
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1000);
    this.timer.unref();
  }

  record(entry: AuditEntry): void {
    this.buffer.push(entry);
    if (this.buffer.length > this.maxBuffered) this.buffer.splice(0, this.buffer.length - this.maxBuffered);
    if (this.buffer.length >= this.batchSize) void this.flush();
  }

  /** Writes what is buffered (batch by batch, one after another); resolves once written or failed. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      while (this.buffer.length) {
        let db: Database.Database;
        try {
          db = await this.connection();
        } catch (err) {
          this.log.error({ err, rows: this.buffer.length }, 'Could not write audit logs');
          return;
        }
        // Never inside a request's open transaction (same connection): its rollback would take the rows with it.
        await transactionEnd(db);
        if (db.inTransaction) return; // still open: the next flush writes them
        const batch = this.buffer.splice(0, this.batchSize);
        try {
          this.insert(db, batch);
        } catch (err) {
          this.log.error({ err, rows: batch.length }, 'Could not write audit logs');
          return;
        }
      }
    });
    return this.writing;
  }

  /** Stops the timer and writes the rest. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Prisma's connection (made on the client's first query). */
  private async connection(): Promise<Database.Database> {
    let db = sqliteConnection(this.prisma);
    if (!db) {
      await this.prisma.$connect();
      db = sqliteConnection(this.prisma);
    }
    if (!db) throw new Error('The Prisma client has no SQLite connection');
    return db;
  }

  /**
   * One transaction of compiled INSERTs on Prisma's connection (through
   * Prisma, building and binding the batch cost more than SQLite's insert);
   * reported to the write versions as the adapter reports Prisma's writes.
   */
  private insert(db: Database.Database, batch: readonly AuditEntry[]): void {
    writeVersions(this.prisma).observe(INSERT_ONE);
    const chunk = ownStatement(db, INSERT_CHUNK);
    const one = ownStatement(db, INSERT_ONE);
    ownStatement(db, 'BEGIN').run();
    try {
      let i = 0;
      for (; i + ROWS_PER_INSERT <= batch.length; i += ROWS_PER_INSERT) chunk.run(batch.slice(i, i + ROWS_PER_INSERT).flatMap(valuesOf));
      for (; i < batch.length; i++) one.run(valuesOf(batch[i]!));
      ownStatement(db, 'COMMIT').run();
    } catch (err) {
      if (db.inTransaction) ownStatement(db, 'ROLLBACK').run();
      throw err;
    }
  }
}

/** Waits until no transaction is open on `db` (checking after 1, 2, 4 … at most 50 ms), at most TRANSACTION_WAIT_MS. */
async function transactionEnd(db: Database.Database): Promise<void> {
  const until = Date.now() + TRANSACTION_WAIT_MS;
  for (let wait = 1; db.inTransaction && Date.now() < until; wait = Math.min(wait * 2, 50)) await new Promise((resolve) => setTimeout(resolve, wait));
}
