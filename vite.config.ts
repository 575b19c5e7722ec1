import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz beside each asset, served as they are by @fastify/static (preCompressed): no CPU per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  // Every browser we support has native modulepreload; the polyfill only costs bytes on the first load.
  // The manifest tells the server which chunks each page needs, so a page's HTML preloads them (server/web.ts).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/ws': { target: apiTarget, ws: true } },
  },
});
