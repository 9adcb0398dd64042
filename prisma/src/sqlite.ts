/**
 * SQLite plumbing shared by the Prisma client (client.ts) and the schema engine
 * (migrate.ts): one way to read a `file:` URL and one adapter factory that sets
 * the connection pragmas, so both open the database identically.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils';
import { dependentsOf, readsOnly, WriteVersions, type ForeignKeyRow } from './write-versions.ts';

/** SQLITE_MAX_VARIABLE_NUMBER of the SQLite compiled into better-sqlite3. */
export const SQLITE_MAX_BIND_VALUES = 32766;

/** How long a connection waits for another writer's lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The database file of a SQLite `file:` URL, as an absolute path.
 *
 * Accepted: `file:./data/dev.db`, `file:data/dev.db` (relative paths resolve
 * against `process.cwd()`, not against this file or prisma.config.ts),
 * `file:/abs/dev.db`, `file:///abs/dev.db`. A `?query` suffix is ignored.
 * In-memory databases are refused: the schema engine and the client hold
 * separate connections, so an in-memory schema would never reach the client.
 */
export function sqliteFilePath(databaseUrl: string): string {
  if (!databaseUrl.startsWith('file:')) throw new Error(`DATABASE_URL must be a SQLite file: URL, got "${databaseUrl}"`);
  let p = databaseUrl.slice('file:'.length);
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  if (p.startsWith('//')) p = decodeURIComponent(p.slice(2)); // file:///abs -> /abs (empty authority)
  if (/^\/[A-Za-z]:[\\/]/.test(p)) p = p.slice(1); // file:///C:/x -> C:/x on Windows
  if (p === '' || p === ':memory:' || p.startsWith(':memory:'))
    throw new Error('In-memory SQLite databases are not supported; use a file (for tests, one under os.tmpdir()).');
  return path.resolve(process.cwd(), p);
}

/**
 * Statements run on every new connection; journal_mode=WAL also persists in the file.
 * `synchronous = NORMAL` is SQLite's recommendation for WAL: a commit no longer
 * waits for an fsync of the log (checkpoints still sync), so the database is
 * never corrupted and an application crash loses nothing; only a power cut
 * may take back the last commits before it. For a mock backend, writes that
 * no longer wait for the disk are the better trade.
 */
export const CONNECTION_PRAGMAS = `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA foreign_keys = ON;`;

export interface SqliteAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  /** Closes every connection this factory opened (the schema engine never closes its own). */
  disposeAll(): Promise<void>;
  /** Table write versions of the main database (see write-versions.ts). */
  readonly writes: WriteVersions;
  /** The main database's better-sqlite3 connection while connected (for compiled reads, see `ownStatement`). */
  connection(): Database.Database | undefined;
}

/** The adapter's better-sqlite3 connection (`client`, not in the adapter's types), when it has one. */
function connectionOf(adapter: SqlDriverAdapter): Database.Database | undefined {
  const client: unknown = Reflect.get(adapter, 'client');
  return client instanceof Database ? client : undefined;
}

/** better-sqlite3's own `prepare`, whatever `cacheStatements` put on the instance. */
const realPrepare = (db: Database.Database, sql: string): Database.Statement<unknown[]> => Database.prototype.prepare.call(db, sql);

const ownStatements = new WeakMap<Database.Database, Map<string, Database.Statement<unknown[]>>>();

/**
 * A compiled statement of `db` for reads made beside Prisma (kit/sql-list.ts),
 * from a cache of its own (the adapter's statements are bound and switched to
 * raw rows by the adapter), returning plain numbers (the adapter's connection
 * defaults to BigInt). Bounded like the adapter's cache.
 */
export function ownStatement(db: Database.Database, sql: string): Database.Statement<unknown[]> {
  let cache = ownStatements.get(db);
  if (!cache) ownStatements.set(db, (cache = new Map<string, Database.Statement<unknown[]>>()));
  let statement = cache.get(sql);
  if (statement) cache.delete(sql);
  else statement = realPrepare(db, sql).safeIntegers(false);
  cache.set(sql, statement);
  if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return statement;
}

/** Statements that change the schema: the dependents map is read again after them. */
const DDL = /^\s*(CREATE|DROP|ALTER)\b/i;

/** Reads which tables the database writes on a table's behalf (cascades, triggers) into `writes`. */
function readDependents(db: Database.Database, writes: WriteVersions): void {
  const foreignKeys = realPrepare(
    db,
    `SELECT m.name AS child, f."table" AS parent, f.on_delete AS onDelete, f.on_update AS onUpdate
     FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`,
  ).all() as ForeignKeyRow[];
  const triggers = realPrepare(db, `SELECT tbl_name AS "table", sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL`).all() as Array<{
    table: string;
    sql: string;
  }>;
  writes.setDependents(dependentsOf(foreignKeys, triggers));
}

/**
 * Reports every statement of a queryable (connection or transaction) to `writes`; `schemaChanged` after DDL.
 * `beforeWrite`: what a statement that writes awaits first (the connection's, see `TransactionGate`).
 */
function observeWrites<T extends Pick<SqlDriverAdapter, 'queryRaw' | 'executeRaw'>>(
  q: T,
  writes: WriteVersions,
  schemaChanged: () => void,
  beforeWrite?: (sql: string) => Promise<void> | undefined,
): void {
  const queryRaw = q.queryRaw.bind(q);
  const executeRaw = q.executeRaw.bind(q);
  // A write's wait for the connection; undefined when it may run now. The statement must run in the
  // same tick as the check that found nothing open, hence the loops below with no await after it.
  const waitOf = (sql: string) => (beforeWrite && !readsOnly(sql) ? beforeWrite(sql) : undefined);
  q.queryRaw = async (query) => {
    for (let wait = waitOf(query.sql); wait; wait = waitOf(query.sql)) await wait;
    writes.observe(query.sql);
    const result = await queryRaw(query);
    if (DDL.test(query.sql)) schemaChanged();
    return result;
  };
  q.executeRaw = async (query) => {
    for (let wait = waitOf(query.sql); wait; wait = waitOf(query.sql)) await wait;
    writes.observe(query.sql);
    const result = await executeRaw(query);
    if (DDL.test(query.sql)) schemaChanged();
    return result;
  };
}

/**
 * The adapter runs every query on its one connection, and its lock orders
 * only transactions among themselves: a write sent outside any transaction
 * while another request's transaction awaits something would run inside it,
 * and its rollback would take the write away after the caller was told it was
 * saved. So a write outside a transaction waits until no transaction is open
 * (reads go on: they may see uncommitted rows, which the write versions
 * already account for). Code inside a transaction writes through its `tx`.
 */
/**
 * Marks the code run by an interactive transaction's callback (`inTransactionScope`).
 * A write from there that does not go through the transaction's own client would
 * wait for that very transaction to end: a deadlock. The gate fails it at once instead.
 */
const transactionScope = new AsyncLocalStorage<true>();

/** Runs `work`, which opens an interactive transaction, marked as such for the gate (see transactionScope). */
export function inTransactionScope<T>(work: () => Promise<T>): Promise<T> {
  return transactionScope.run(true, work);
}

/** Runs `work` unmarked: work scheduled from inside a transaction that must not count as part of it (a background job). */
export function outsideTransactionScope<T>(work: () => T): T {
  return transactionScope.exit(work);
}

export class WriteOutsideTransactionError extends Error {
  constructor(sql: string) {
    super(
      `A write sent from inside an open transaction did not go through the transaction's client, so it would wait for that transaction forever: ${sql.slice(0, 80)}`,
    );
    this.name = 'WriteOutsideTransactionError';
  }
}

class TransactionGate {
  #open = 0;
  #ended: Promise<void> = Promise.resolve();
  #end: () => void = () => {};

  /** A transaction began (the adapter's lock holds the others). */
  began(): void {
    if (this.#open++ === 0) this.#ended = new Promise<void>((r) => (this.#end = r));
  }

  ended(): void {
    if (--this.#open === 0) this.#end();
  }

  /**
   * Undefined when no transaction is open; else a promise of the moment none is (one may have begun again by then: ask again).
   * Throws for a write from inside a transaction's own callback (transactionScope).
   */
  idle(sql: string): Promise<void> | undefined {
    if (this.#open === 0) return undefined;
    if (transactionScope.getStore()) throw new WriteOutsideTransactionError(sql);
    return this.#ended;
  }
}

/** Compiled statements kept per connection (distinct SQL texts; `IN (?,?,...)` lists of each length are one each). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A cached statement as the adapter uses a fresh one: `bind(args)` once, then
 * `reader`, `run()`, `columns()`, `raw().all()`. better-sqlite3 binds a
 * statement for good, so the arguments stay here and go with each call.
 */
class ReusedStatement {
  #args: unknown[] = [];
  constructor(private readonly statement: Database.Statement<unknown[]>) {}
  get reader(): boolean {
    return this.statement.reader;
  }
  bind(args: unknown[]): this {
    this.#args = args;
    return this;
  }
  run() {
    return this.statement.run(this.#args);
  }
  columns() {
    return this.statement.columns();
  }
  raw() {
    this.statement.raw(true);
    return { all: () => this.statement.all(this.#args) };
  }
}

/**
 * The adapter compiles every statement afresh (`client.prepare(sql)` per
 * query); Prisma sends the same few texts over and over, and compiling one
 * costs more than running it. Its better-sqlite3 connection (`client`, not in
 * the adapter's types: found at run time and left alone if absent) gets a
 * bounded cache of compiled statements behind the calls the adapter makes.
 * SQLite recompiles a cached statement itself after a schema change.
 */
function cacheStatements(adapter: SqlDriverAdapter): void {
  const client = connectionOf(adapter);
  if (!client) return;
  const prepare = client.prepare.bind(client);
  const cache = new Map<string, Database.Statement<unknown[]>>();
  const cached = (sql: string): ReusedStatement => {
    let statement = cache.get(sql);
    if (statement) cache.delete(sql);
    else statement = prepare<unknown[]>(sql);
    cache.set(sql, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return new ReusedStatement(statement);
  };
  // Replaced by definition, not assignment: the adapter reads only what ReusedStatement provides.
  Object.defineProperty(client, 'prepare', { value: cached, configurable: true });
}

/**
 * The better-sqlite3 adapter factory with our pragmas applied on connect.
 * Wrapping `connect` (instead of running pragmas after `new PrismaClient`)
 * guarantees they hold before the first query of any caller, engine included.
 * The shadow database (used by `diff` from migrations) stays in memory.
 */
export function sqliteAdapterFactory(filePath: string): SqliteAdapterFactory {
  // `timeout` is better-sqlite3's busy timeout; the pragma repeats it for clarity.
  const inner = new PrismaBetterSqlite3({ url: filePath, timeout: BUSY_TIMEOUT_MS });
  const opened = new Set<SqlDriverAdapter>();
  const writes = new WriteVersions();
  let main: Database.Database | undefined;
  const track = async (connect: () => Promise<SqlDriverAdapter>, pragmas: string, observe: boolean) => {
    const adapter = await connect();
    opened.add(adapter);
    await adapter.executeScript(pragmas);
    // The wasm engine replays migrations on the shadow database through
    // `executeRaw`, one call per migration file, but better-sqlite3 prepares a
    // single statement only ("The supplied SQL string contains more than one
    // statement"). Such a call is a script without parameters: run it as one.
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      try {
        return await executeRaw(query);
      } catch (err) {
        if (query.args.length > 0 || !/more than one statement/.test(String((err as Error)?.message))) throw err;
        await adapter.executeScript(query.sql);
        return 0;
      }
    };
    // Prisma assumes SQLite's historic 999 bind values unless told; the SQLite that better-sqlite3
    // bundles takes 32766, which lets `id IN (...)` filters (a hierarchy scope) cover 32k users.
    const info = adapter.getConnectionInfo?.bind(adapter);
    adapter.getConnectionInfo = () => ({ supportsRelationJoins: false, ...info?.(), maxBindValues: SQLITE_MAX_BIND_VALUES });
    if (observe) {
      const db = connectionOf(adapter);
      main = db;
      const schemaChanged = () => db && readDependents(db, writes);
      schemaChanged();
      cacheStatements(adapter);
      const transactions = new TransactionGate();
      observeWrites(adapter, writes, schemaChanged, (sql) => transactions.idle(sql));
      const executeScript = adapter.executeScript.bind(adapter);
      adapter.executeScript = async (script) => {
        writes.observe(script);
        await executeScript(script);
        schemaChanged();
      };
      const startTransaction = adapter.startTransaction.bind(adapter);
      adapter.startTransaction = async (isolationLevel) => {
        const tx: Transaction = await startTransaction(isolationLevel);
        transactions.began();
        writes.beginTransaction();
        observeWrites(tx, writes, schemaChanged);
        const commit = tx.commit.bind(tx);
        const rollback = tx.rollback.bind(tx);
        tx.commit = async () => {
          try {
            return await commit();
          } finally {
            writes.endTransaction();
            transactions.ended();
          }
        };
        tx.rollback = async () => {
          try {
            return await rollback();
          } finally {
            writes.endTransaction();
            transactions.ended();
          }
        };
        return tx;
      };
    }
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      opened.delete(adapter);
      if (main && main === connectionOf(adapter)) main = undefined;
      await dispose();
    };
    return adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    writes,
    connection: () => (main?.open ? main : undefined),
    connect: () => track(() => inner.connect(), CONNECTION_PRAGMAS, true),
    connectToShadowDb: () => track(() => inner.connectToShadowDb(), 'PRAGMA foreign_keys = ON;', false),
    async disposeAll() {
      for (const adapter of [...opened]) await adapter.dispose().catch(() => undefined);
    },
  };
}
