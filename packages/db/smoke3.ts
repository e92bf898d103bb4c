import { applyMigrations } from './src/index.ts';
const r = await applyMigrations({ databaseUrl: process.argv[2], dataDir: 'x' });
console.log(process.pid, JSON.stringify(r));
