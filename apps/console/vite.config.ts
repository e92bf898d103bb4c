import { defineConfig, type Plugin } from 'vite';
// A relative path, not the package name: Vite bundles the config with relative imports only, and
// leaves package imports to Node, which cannot load the contract's TypeScript.
import { customerEventCatalogue } from '../../packages/contract/src/webhooks.ts';

/**
 * The event catalogue, computed from the contract at build time (schemas as JSON Schema, examples):
 * the console ships plain JSON instead of zod and every operation definition.
 */
function eventCatalogue(): Plugin {
  const id = 'virtual:event-catalogue';
  return {
    name: 'textline-event-catalogue',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (source) => (source === `\0${id}` ? `export default ${JSON.stringify(customerEventCatalogue())};` : undefined),
  };
}

// Served by the API under /console on the same origin; `npm run dev` proxies /trpc to a local API.
export default defineConfig({
  base: '/console/',
  plugins: [eventCatalogue()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/trpc': 'http://127.0.0.1:3000' } },
});
