import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { type Culture, textsIn } from '../../localization/text-tables.ts';
import { AbpValidationError } from '../errors.ts';
import type { DocxPicture, SourceLine } from '../../import/document-lines.ts';
import type { QtiRead } from '../../import/qti.ts';
import type { GridRow, ReadOutcome, ReadTask } from './read-worker.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What a read answers: a sheet's grid, a document's text, a QTI package, or that the file could not be read. */
type ReadAnswer = { grid: GridRow[] } | { text: string; lines?: SourceLine[]; pictures?: DocxPicture[] } | { qti: QtiRead } | { unreadable: true };

/**
 * Uploaded files are parsed in a pool of worker threads (piscina), never on
 * the request loop: each worker has a heap cap and each read a time limit, so
 * a hostile file (read-worker.ts, archive.ts) costs its own worker and no
 * other request waits. A tenant runs at most `MAX_IMPORTS_PER_TENANT` imports
 * at once (files being read plus import jobs running, running.ts), and the
 * pool queues at most `maxQueue` reads; past either, a 429 in ABP's error
 * envelope says so.
 */

export interface ReadPoolOptions {
  /** Worker threads (default: the cores but one, at least 1, at most 4: the request loop keeps a core). */
  maxThreads: number;
  /** Reads waiting for a thread before further ones are refused. */
  maxQueue: number;
  /** Time from the call to the answer (waiting included); the worker is ended past it. */
  timeoutMs: number;
  /** V8 heap caps of each worker (`resourceLimits`); a worker past them is ended, the read refused. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /**
   * An idle worker ends after this long (exceljs and mammoth are not kept in memory between imports); 0: the
   * workers end as soon as no read is pending. Not the default: each read then starts a worker, which made hostile
   * uploads sent one after another slow enough on a loaded machine to trip the fuzz suite's ten-second hang check.
   * An import's job ends them instead when it starts (`endWhenIdle`), so its peak has no idle worker's heap beside it.
   */
  idleTimeoutMs: number;
}

export const READ_POOL_DEFAULTS: ReadPoolOptions = {
  maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueue: 16,
  timeoutMs: 60_000,
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 32,
  idleTimeoutMs: 30_000,
};

/** Imports one tenant may run at once (files being read and import jobs running). */
export const MAX_IMPORTS_PER_TENANT = 2;

/** Who reads: the request's culture and tenant (a `RequestContext` is one). */
export interface ReadOwner {
  culture: Culture;
  session: { tenantId: number | null };
}

/** An owner outside a request (tests, tools). */
export const readerOf = (culture: Culture, tenantId: number | null = null): ReadOwner => ({ culture, session: { tenantId } });

/** 429 in ABP's error envelope (the envelope plugin sends a 4xx error's message with its status). */
export class TooManyImportsError extends Error {
  readonly statusCode = 429;
}

/**
 * The worker's module. `pnpm start` runs the bundle, and build.mjs emits the
 * worker beside its chunks as read-worker.mjs (and defines
 * `process.env.EDU_BUNDLED_READ_WORKER` to that name); `import.meta.dirname`
 * is the chunk's own folder (build.mjs rewrites only `import.meta.url`).
 * From sources (tsx, vitest) the TypeScript file runs through tsx's loader.
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const bundled = process.env.EDU_BUNDLED_READ_WORKER;
  if (bundled) return { filename: path.join(import.meta.dirname, bundled), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename: fileURLToPath(new URL('./read-worker.ts', import.meta.url)), execArgv: ['--import', tsx] };
}

/** Imports per tenant (key `host` for none) being read or run. */
const importsOf = new Map<string, number>();
const keyOf = (tenantId: number | null) => (tenantId === null ? 'host' : String(tenantId));

/** Counts an import of the tenant until the returned release is called (the import job holds one while it runs). */
export function holdImportSlot(tenantId: number | null): () => void {
  const key = keyOf(tenantId);
  importsOf.set(key, (importsOf.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const n = (importsOf.get(key) ?? 1) - 1;
    if (n > 0) importsOf.set(key, n);
    else importsOf.delete(key);
  };
}

/** The pool of readers; one per process (`readPool()`), or one of its own with other limits (tests). */
export class ReadPool {
  private pool: Promise<Piscina<ReadTask, ReadOutcome>> | undefined;
  /** Reads called and not yet answered (with `idleTimeoutMs` 0, or after `endWhenIdle`, the last one to end closes the pool). */
  private pending = 0;
  /** `endWhenIdle` was called while reads were pending: the last of them closes the pool. */
  private closeWhenIdle = false;

  constructor(readonly options: ReadPoolOptions = READ_POOL_DEFAULTS) {}

  /** The pool, made on the first read (piscina itself is loaded then, not at start). */
  private piscina(): Promise<Piscina<ReadTask, ReadOutcome>> {
    this.pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina<ReadTask, ReadOutcome>({
          ...workerModule(),
          minThreads: 0,
          maxThreads: this.options.maxThreads,
          maxQueue: this.options.maxQueue,
          idleTimeout: this.options.idleTimeoutMs,
          resourceLimits: {
            maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb,
            maxYoungGenerationSizeMb: this.options.maxYoungGenerationSizeMb,
          },
        }),
    );
    return this.pool;
  }

  /**
   * Reads a file in a worker. Refusals (a bomb, too many columns, not text,
   * past the heap cap or the time limit) are a 400 on `member` naming the
   * file; over the tenant's or the pool's limit, a 429.
   */
  async read(
    task: Omit<ReadTask, 'culture'> & { kind: 'xlsx' | 'csv' },
    owner: ReadOwner,
    member?: string,
  ): Promise<{ grid: GridRow[] } | { unreadable: true }>;
  async read(
    task: Omit<ReadTask, 'culture'> & { kind: 'docx' | 'text' },
    owner: ReadOwner,
    member?: string,
  ): Promise<{ text: string; lines?: SourceLine[]; pictures?: DocxPicture[] } | { unreadable: true }>;
  async read(
    task: Omit<Extract<ReadTask, { kind: 'qti' }>, 'culture'>,
    owner: ReadOwner,
    member?: string,
  ): Promise<{ qti: QtiRead } | { unreadable: true }>;
  async read(task: DistributiveOmit<ReadTask, 'culture'>, owner: ReadOwner, member = 'file'): Promise<ReadAnswer> {
    this.pending++;
    try {
      return await this.readInPool(task, owner, member);
    } finally {
      if (--this.pending === 0 && (this.options.idleTimeoutMs === 0 || this.closeWhenIdle)) void this.close();
    }
  }

  /**
   * Ends the workers as soon as no read is pending (at once when none is). An import's job calls it as it starts:
   * its file is read, and the job holds its rows while it checks and writes them, so a worker's heap (about 30 MB
   * after a 10,000-row sheet) kept for the idle timeout would stand beside the import's peak. The next read starts
   * a worker again. Refused uploads start no job, so reads sent one after another keep their worker.
   */
  endWhenIdle(): void {
    if (!this.pool) return;
    if (this.pending === 0) void this.close();
    else this.closeWhenIdle = true;
  }

  private async readInPool(task: DistributiveOmit<ReadTask, 'culture'>, owner: ReadOwner, member: string): Promise<ReadAnswer> {
    const T = textsIn(owner.culture);
    const refuse = (message: string): never => {
      throw new AbpValidationError([{ message, members: [member] }]);
    };
    const pool = await this.piscina();
    const key = keyOf(owner.session.tenantId);
    if ((importsOf.get(key) ?? 0) >= MAX_IMPORTS_PER_TENANT) throw new TooManyImportsError(T('FileReadingBusy', MAX_IMPORTS_PER_TENANT));
    if (pool.queueSize >= this.options.maxQueue) throw new TooManyImportsError(T('FileReadingServerBusy'));
    const release = holdImportSlot(owner.session.tenantId);
    let outcome: ReadOutcome;
    try {
      outcome = await pool.run({ ...task, culture: owner.culture }, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (err) {
      const code = err instanceof Error && 'code' in err ? err.code : undefined;
      if (err instanceof Error && err.name === 'AbortError')
        return refuse(T('FileReadingTooSlow', task.name, Math.max(1, Math.round(this.options.timeoutMs / 1000))));
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') return refuse(T('FileReadingTooHeavy', task.name));
      throw err;
    } finally {
      release();
    }
    if ('grid' in outcome) return { grid: outcome.grid };
    if ('qti' in outcome) return { qti: outcome.qti };
    if ('text' in outcome)
      return outcome.lines ? { text: outcome.text, lines: outcome.lines, pictures: outcome.pictures ?? [] } : { text: outcome.text };
    if ('message' in outcome) return refuse(outcome.message);
    return { unreadable: true };
  }

  /** Ends the workers (idle ones end by themselves after `idleTimeoutMs`). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    this.closeWhenIdle = false;
    await (await pool)?.destroy();
  }
}

let shared: ReadPool | undefined;

/** The process's read pool (workers start on the first read). */
export function readPool(): ReadPool {
  shared ??= new ReadPool();
  return shared;
}
