const t0 = Date.now(); process.on("exit", () => console.log("exit at", Date.now() - t0));
import { applyMigrations, createDb } from './src/index.ts';
const dir = '/tmp/pgl-smoke';
let t = Date.now();
console.log(await applyMigrations({ dataDir: dir }), Date.now() - t);
t = Date.now();
console.log(await applyMigrations({ dataDir: dir }), Date.now() - t);
const db = await createDb({ dataDir: dir });
try { await createDb({ dataDir: dir }); } catch (e) { console.log('second open:', (e as Error).message); }
const a = await db.prisma.account.create({ data: { id: crypto.randomUUID(), username: 'Bob', usernameLower: 'bob', passwordHash: 'x' } });
console.log(a, await db.prisma.account.count());
await db.close(); await db.close();
const mem = await createDb({ dataDir: 'memory://' });
console.log(await mem.prisma.$queryRaw`select migration_name, finished_at from _prisma_migrations`);
await mem.close();
console.log("done at", Date.now() - t0);
