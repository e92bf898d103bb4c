import { defineConfig } from 'vite';

// Served by the API under /console on the same origin; `npm run dev` proxies /trpc to a local API.
export default defineConfig({
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/trpc': 'http://127.0.0.1:3000' } },
});
