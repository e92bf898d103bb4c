import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Lock files this process holds: a lock file naming our own pid but absent here is stale (a container
// restart hands out the same pid again).
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own, and two processes (or two instances in one process) writing one data
 * directory corrupt it. Takes `<dataDir>/textline.lock` or throws; returns its release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.resolve(dataDir, 'textline.lock');
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      return () => {
        if (held.delete(file)) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    const stale = owner === process.pid ? !held.has(file) : !(owner > 0 && isRunning(owner));
    if (!stale) {
      throw new Error(
        `PGlite data directory ${dataDir} is already open in process ${owner}. PGlite allows one process at a time: ` +
          `stop that process, or set DATABASE_URL to share a PostgreSQL database. If no such process exists, delete ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
}
