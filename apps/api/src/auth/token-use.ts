import { executeIn, type PrismaClient } from '@textline/db';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { recordTokenUses } from './token-use.sql.ts';

/** last_used_at is informational: one write per token per minute (per process) is plenty. */
export const TOKEN_USE_RECORD_INTERVAL_MS = 60_000;
/** Uses noted within this long go to the database together, in one statement. */
export const TOKEN_USE_FLUSH_DELAY_MS = 1_000;
/** Tokens remembered as recently recorded; past this the memory starts over (a few extra writes). */
const REMEMBERED_TOKENS = 50_000;

/**
 * Records when API tokens were last used (access_tokens.last_used_at, shown in the console) without
 * a database write on the request path: `note` only touches memory, and a timer writes the uses
 * noted meanwhile in one UPDATE. A failed write is logged and dropped: it costs a stale "last used".
 */
export function createTokenUseRecorder(deps: { prisma: PrismaClient; log: Logger }, clock: Clock) {
  const lastRecorded = new Map<string, number>();
  const unsaved = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (unsaved.size === 0) return writing;
    const ids = [...unsaved.keys()];
    const times = [...unsaved.values()];
    unsaved.clear();
    // Never waits for a token row another transaction holds (token-use.sql).
    const write = () => executeIn(deps.prisma, recordTokenUses, [ids, times]);
    writing = writing.then(write).then(
      () => undefined,
      (error: unknown) => deps.log.warn({ err: error, tokens: ids.length }, 'could not record API token use'),
    );
    return writing;
  }

  return {
    /** The token authenticated a request now. */
    note(tokenId: string): void {
      const now = clock.now();
      const previous = lastRecorded.get(tokenId);
      if (previous !== undefined && now - previous < TOKEN_USE_RECORD_INTERVAL_MS) return;
      if (lastRecorded.size >= REMEMBERED_TOKENS) lastRecorded.clear();
      lastRecorded.set(tokenId, now);
      unsaved.set(tokenId, new Date(now).toISOString());
      timer ??= setTimeout(() => void flush(), TOKEN_USE_FLUSH_DELAY_MS).unref();
    },
    /** Writes what is noted now (at shutdown) and waits for every write. */
    flush,
  };
}
