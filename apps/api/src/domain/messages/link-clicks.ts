import { AppError } from '@textline/contract';
import { queryRows, queryRowsIn } from '@textline/db';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import type { LinkClicks, Services } from '../../ports.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { isLinkCode } from './links.ts';
import { clickByCode, insertClick, lockClickRollUp, rollUpClicks } from './links.sql.ts';

/** The family of a user agent, all a click keeps of it: enough to tell people from link previews. */
export function userAgentFamily(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  if (/bot|crawl|spider|preview|facebookexternalhit|whatsapp|slack|discord|telegram/i.test(agent)) return 'bot';
  if (/Edg\//.test(agent)) return 'edge';
  if (/Firefox\//.test(agent)) return 'firefox';
  if (/Chrome\/|CriOS\//.test(agent)) return 'chrome';
  if (/Safari\//.test(agent)) return 'safari';
  if (/^curl\//.test(agent)) return 'curl';
  return 'other';
}

const notFound = () => new AppError('not_found', { message: 'No link with this code exists.' });

type ClickDeps = Pick<Services, 'sql' | 'prisma' | 'clock' | 'jobs' | 'log' | 'hashIp'> & Partial<Pick<Services, 'live'>>;
type KnownLink = { url: string; messageId: string; workspaceId: string; rememberedAt: number };

/** The most links and unknown codes a process remembers: a few MB at most. */
const CODES_KEPT = 10_000;
/** An unknown code is answered from memory this long: a send may make it since (codes are random, so hardly ever). */
const UNKNOWN_CODE_TTL_MS = 60_000;
/** A link is answered from memory this long: a workspace's retention deletes old links, and a process forgets them by then. */
const KNOWN_LINK_TTL_MS = 10 * 60_000;
/** Clicks counted by one roll-up statement. */
const ROLL_UP_BATCH = 1_000;

/** A map that forgets its oldest entry past CODES_KEPT. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  const oldest = map.keys().next().value;
  if (map.size > CODES_KEPT && oldest !== undefined) map.delete(oldest);
}

/**
 * A click costs one statement: an INSERT of the click when this process knows the link (a code
 * names one link for good, so links are kept in memory), else one that looks the link up and
 * records the click at once; an unknown code costs that one look-up, and none while it is
 * remembered, and a malformed one none. The counts (the link's clicks, the message's
 * link_clicks) and the first click's message.link_clicked follow within `rollUpDelayMs`: each click
 * schedules a roll-up (rollUpLinkClicks) that counts every uncounted click, its own and any a
 * stopped process left (which the maintenance job also counts).
 */
export function createLinkClicks(deps: () => ClickDeps, options: { rollUpDelayMs: number }): LinkClicks {
  const known = new Map<string, KnownLink>();
  const unknown = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let rollingUp: Promise<number> = Promise.resolve(0);

  // One roll-up at a time in this process; one that fails is retried by the next click or maintenance.
  const rollUp = (): Promise<number> => {
    rollingUp = rollingUp
      .then(() => rollUpLinkClicks(deps()))
      .catch((error: unknown) => {
        deps().log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not count link clicks');
        return 0;
      });
    return rollingUp;
  };
  const scheduleRollUp = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void rollUp();
    }, options.rollUpDelayMs);
  };

  return {
    async follow(click) {
      const { sql, clock, hashIp } = deps();
      const now = clock.now();
      const since = unknown.get(click.code);
      if (!isLinkCode(click.code) || (since !== undefined && now - since < UNKNOWN_CODE_TTL_MS)) throw notFound();
      const id = newId('clk');
      const clickedAt = new Date(now);
      const ipHash = hashIp(click.ip);
      const family = userAgentFamily(click.userAgent);
      let link = known.get(click.code);
      if (link && now - link.rememberedAt < KNOWN_LINK_TTL_MS) {
        await queryRows(sql, insertClick, [id, click.code, link.workspaceId, link.messageId, clickedAt, ipHash, family]);
      } else {
        const [found] = await queryRows(sql, clickByCode, [click.code, id, clickedAt, ipHash, family]);
        if (!found) {
          remember(unknown, click.code, now);
          throw notFound();
        }
        link = { url: found.url, messageId: found.message_id, workspaceId: found.workspace_id, rememberedAt: now };
        remember(known, click.code, link);
      }
      scheduleRollUp();
      return { url: link.url };
    },
    rollUp,
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await rollUp();
    },
  };
}

/**
 * Counts the clicks not yet counted on their links and messages, in transactions of ROLL_UP_BATCH
 * clicks, and records message.link_clicked for each link clicked for the first time, with its first
 * click's time. Each click is counted once, whichever process rolls it up. Answers the clicks counted.
 */
export async function rollUpLinkClicks(deps: Omit<ClickDeps, 'hashIp'>): Promise<number> {
  let total = 0;
  for (;;) {
    const counted = await inJobTransaction(deps, async (tx) => {
      await queryRowsIn(tx, lockClickRollUp, []);
      const links = await queryRowsIn(tx, rollUpClicks, [ROLL_UP_BATCH]);
      for (const link of links) {
        if (link.first !== true || link.first_clicked_at === null) continue;
        const clickedAt = new Date(link.first_clicked_at);
        await recordCustomerEvent(tx, {
          workspaceId: link.workspace_id,
          type: 'message.link_clicked',
          data: { message_id: link.message_id, url: link.url, clicked_at: clickedAt.toISOString() },
          at: clickedAt,
        });
      }
      return links.reduce((sum, link) => sum + link.clicks, 0);
    });
    total += counted;
    if (counted < ROLL_UP_BATCH) return total;
  }
}
