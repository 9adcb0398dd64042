import { builtinEnvironments, type Environment } from 'vitest/runtime';
import { stopWorker } from './worker.ts';

/**
 * Node's environment, closing what the worker's files shared (worker.ts: the
 * mock server, Chromium) when the worker stops. Vitest sets an environment up
 * when a worker starts and tears it down when the worker stops; with
 * `isolate: false` a worker runs many files in between.
 */
export default {
  name: 'node-shared-worker',
  viteEnvironment: 'ssr',
  async setup(global: typeof globalThis, options: Record<string, unknown>) {
    const node = await builtinEnvironments.node.setup(global, options);
    return {
      async teardown(g: typeof globalThis) {
        await stopWorker();
        await node.teardown(g);
      },
    };
  },
} satisfies Environment;
