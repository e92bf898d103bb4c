import { PGlite } from '@electric-sql/pglite';
import { createDb } from './src/index.ts';
for (let i = 0; i < 3; i++) {
  let t = Date.now();
  const p = new PGlite('memory://'); await p.waitReady; const init = Date.now() - t; await p.close();
  t = Date.now();
  const db = await createDb({ dataDir: 'memory://' }); const full = Date.now() - t;
  t = Date.now();
  const dump = await (db as any).prisma; 
  await db.close();
  console.log({ init, full });
}
const src = new PGlite('memory://'); await src.exec('create table x(id int)');
let t = Date.now(); const blob = await src.dumpDataDir('none'); console.log('dump', Date.now() - t, blob.size);
t = Date.now(); const copy = new PGlite({ loadDataDir: blob }); await copy.waitReady; console.log('load', Date.now() - t, (await copy.query('select count(*) from x')).rows);
