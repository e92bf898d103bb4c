import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * This package's folder (prisma/, src/pglite-initdb.mjs), found through the package's name: once
 * apps/api is bundled into apps/api/dist, import.meta.url names the bundle, not this file.
 */
export const dbPackageDir = path.dirname(createRequire(import.meta.url).resolve('@textline/db/package.json'));
