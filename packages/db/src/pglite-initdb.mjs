// Creates a PGlite cluster in an empty data directory, then exits (see initialiseInChild in pglite.ts).
// Plain JavaScript: it runs under node alone, whatever loader the parent uses.
import { PGlite } from '@electric-sql/pglite';

const pglite = new PGlite(process.argv[2]);
await pglite.waitReady;
await pglite.close();
