import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Resolve paths from this file, not the working directory, so `vite build` behaves the same
// whether it is started from web/ (npm -w web) or from the repository root.
const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The gateway serves /assets/* with a long immutable cache, which is only safe because
    // every file name there carries a content hash.
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    // In development the SPA talks to the gateway (npm run dev at the root) exactly as it does
    // in production: same-origin /api paths, cookies included. changeOrigin stays false: the
    // gateway then sees the dev server's host, which matches the browser's Origin, so its CSRF
    // guard accepts writes (scripts/dev.ts). SEQGEN_API_URL is set by scripts/dev.ts.
    proxy: {
      '/api': { target: process.env.SEQGEN_API_URL ?? 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
