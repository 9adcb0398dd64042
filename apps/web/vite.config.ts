import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chakraGlobalCss } from './chakra-global-css.ts';
import { chakraPartsAlias } from './chakra-parts.ts';
import { firstLoadChunks } from './first-load-chunks.ts';
import { precompress } from './precompress.ts';
import { visitorTexts } from './visitor-texts.ts';

/** The console's languages: the folders of src/locales. */
const LANGUAGES = readdirSync(new URL('./src/locales', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The mock server (or a real ABP host on its default port) during development. */
const backend = 'http://localhost:21021';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    firstLoadChunks(),
    visitorTexts(),
    // The full system's global styles (the login system's are the same: chakra-global-css.test.ts).
    chakraGlobalCss(() => import('../../packages/ui/src/system.ts').then((m) => m.system)),
  ],
  resolve: { alias: [chakraPartsAlias] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/AbpUserConfiguration': { target: backend, changeOrigin: true },
      '/signalr': { target: backend, changeOrigin: true, ws: true },
      '/swagger': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // Every browser the build targets but Firefox before 115 (2023) has <link rel="modulepreload">; there the
    // preloads are just skipped (imports still load). The polyfill would cost the login page ~0.4 kB gzip.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React is needed on every page, so one long-lived vendor chunk costs nothing. The router is one too,
        // of its own: a signed-out visitor's login page renders without it (app/visitor-app.tsx). Chakra, the
        // SDK and zod are not grouped by package: a group takes every module it matches into one chunk, which
        // would put every component and service in the first load. firstLoadChunks adds a group per first load
        // instead (the boot, the login page, the signed-in shell), of exactly the modules that load fetches.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
            { name: 'signalr', test: /node_modules[\\/]@microsoft[\\/]signalr[\\/]/, priority: 15 },
            // A signed-in session reads every locale file of its language at once (lib/i18n.ts): one file per language.
            ...LANGUAGES.map((language) => ({
              name: `locale-${language}`,
              test: new RegExp(`[\\\\/]src[\\\\/]locales[\\\\/]${language}[\\\\/]`),
              priority: 15,
            })),
          ],
        },
      },
    },
  },
});
