import { AppError } from '@textline/contract';
import { queryRows, queryRowsIn } from '@textline/db';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import type { Services } from '../../ports.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { isLinkCode } from './links.ts';
import { countClick, linkByCode } from './links.sql.ts';

type FollowDeps = Pick<Services, 'sql' | 'prisma' | 'clock' | 'jobs' | 'hashIp'> & Partial<Pick<Services, 'live'>>;

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

/**
 * Codes asked for and found in no message, most recent last: asked again within a minute, they are
 * answered 404 without a query. Codes are random and never reused, so one unknown now is unknown for
 * good unless a send made it since (a minute at most: the entry expires).
 */
const unknownCodes = new Map<string, number>();
const UNKNOWN_CODES_KEPT = 10_000;
const UNKNOWN_CODE_TTL_MS = 60_000;

function knownUnknown(code: string, now: number): boolean {
  const since = unknownCodes.get(code);
  if (since === undefined) return false;
  if (now - since < UNKNOWN_CODE_TTL_MS) return true;
  unknownCodes.delete(code);
  return false;
}

function rememberUnknown(code: string, now: number): void {
  unknownCodes.set(code, now);
  const oldest = unknownCodes.keys().next().value;
  if (unknownCodes.size > UNKNOWN_CODES_KEPT && oldest !== undefined) unknownCodes.delete(oldest);
}

const notFound = () => new AppError('not_found', { message: 'No link with this code exists.' });

/**
 * Where a tracked link redirects, after counting the click (GET /l/{code}). Only a code a send made
 * redirects, so the route is no open redirect. A code of the wrong form costs no query, and an
 * unknown one at most one. The first click of a link records message.link_clicked in the same
 * transaction as the click; later ones are one statement each.
 */
export async function followLink(deps: FollowDeps, click: { code: string; ip: string; userAgent: string | undefined }) {
  const now = deps.clock.now();
  if (!isLinkCode(click.code) || knownUnknown(click.code, now)) throw notFound();
  const [link] = await queryRows(deps.sql, linkByCode, [click.code]);
  if (!link) {
    rememberUnknown(click.code, now);
    throw notFound();
  }
  const clickedAt = new Date(now);
  const values = [click.code, newId('clk'), clickedAt, deps.hashIp(click.ip), userAgentFamily(click.userAgent)] as const;
  if (link.clicks > 0) {
    await queryRows(deps.sql, countClick, [...values]);
  } else {
    await inJobTransaction(deps, async (tx) => {
      const [counted] = await queryRowsIn(tx, countClick, [...values]);
      // Two first clicks at once: only the one counted first reports it.
      if (counted?.clicks !== 1) return;
      await recordCustomerEvent(tx, {
        workspaceId: link.workspace_id,
        type: 'message.link_clicked',
        data: { message_id: link.message_id, url: link.url, clicked_at: clickedAt.toISOString() },
        at: clickedAt,
      });
    });
  }
  return { url: link.url };
}
