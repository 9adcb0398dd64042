import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A safety net, not a speed check, as in the other packages: building the OpenAPI document from every call's schema
    // passed vitest's 5 s default once while the browser suite and lint shared the machine's two cores.
    testTimeout: 60_000,
  },
});
