/**
 * What a vitest worker keeps for all the test files it runs. tests/ runs with
 * `isolate: false`: a worker runs one file after another in the same process
 * and its module cache is kept between them (vitest, setupFiles: "If isolation
 * is disabled, imported modules are cached"), so a value a module starts lives
 * as long as the worker. `perWorker` starts such a value once; `onWorkerStop`
 * registers how to close it when the worker stops (environment.ts).
 */

/** On globalThis: the environment (environment.ts) is loaded apart from the test files' modules. */
const CLOSERS = Symbol.for('edu.tests.worker-closers');

type Closer = () => Promise<void>;

function closers(): Closer[] {
  const g = globalThis as { [CLOSERS]?: Closer[] };
  return (g[CLOSERS] ??= []);
}

/** Closes `close` when the worker stops (last registered, first closed). */
export function onWorkerStop(close: Closer): void {
  closers().push(close);
}

/** Runs every registered closer; a failure is printed, the others still run. */
export async function stopWorker(): Promise<void> {
  for (const close of closers().splice(0).reverse()) {
    try {
      await close();
    } catch (err) {
      console.error('Closing a shared test resource failed:', err);
    }
  }
}

/** A value started once per worker, by the first file that asks; a failed start is tried again by the next file. */
export function perWorker<T>(start: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= start().catch((err: unknown) => {
      value = undefined;
      throw err;
    }));
}
