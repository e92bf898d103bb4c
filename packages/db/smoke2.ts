const t0 = Date.now(); process.on("exit", () => console.log("exit at", Date.now() - t0));
import { applyMigrations, createDb } from './src/index.ts';
const mode = process.argv[2];
if (mode === 'apply') console.log(await applyMigrations({ dataDir: 'memory://' }));
if (mode === 'nomigrate') { const db = await createDb({ dataDir: 'memory://' }, { migrate: false }); await db.prisma.$queryRaw`select 1`; await db.close(); }
if (mode === 'migrate') { const db = await createDb({ dataDir: 'memory://' }); await db.close(); }
console.log("done at", Date.now() - t0);
