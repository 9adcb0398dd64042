import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The mock server (or a real ABP host on its default port) during development. */
const backend = 'http://localhost:21021';

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a deploy of app code does not invalidate them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 30 },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss)[\\/]/,
              priority: 20,
            },
            { name: 'sdk', test: /(packages[\\/]sdk[\\/]|node_modules[\\/]zod[\\/])/, priority: 15 },
            { name: 'signalr', test: /node_modules[\\/]@microsoft[\\/]signalr[\\/]/, priority: 15 },
          ],
        },
      },
    },
  },
});
