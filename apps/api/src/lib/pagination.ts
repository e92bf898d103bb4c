import { createHash } from 'node:crypto';
import { AppError } from '@textline/contract';

/** Position after the last row of a page, in the newest-first order (created_at, then id). */
type Keyset = { createdAt: Date; id: string };

function invalidCursor(): AppError {
  return new AppError('validation_failed', {
    message: 'The cursor is not valid.',
    extra: { issues: [{ path: 'cursor', message: 'must be a next_cursor returned by this list' }] },
  });
}

/**
 * The cursor names its list and (by a digest, not the id itself) the workspace that listed, so a
 * cursor handed to another list or another workspace is refused instead of read as a position there.
 */
function listTag(list: string, workspaceId: string): string {
  return `${list}.${createHash('sha256').update(workspaceId).digest('base64url').slice(0, 12)}`;
}

function encodeCursor(tag: string, row: Keyset): string {
  return Buffer.from(`${tag}|${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(tag: string, cursor: string): Keyset {
  const [cursorTag, timestamp, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(timestamp ?? '');
  if (cursorTag !== tag || !id || extra !== undefined || Number.isNaN(createdAt.getTime())) throw invalidCursor();
  return { createdAt, id };
}

/**
 * Keyset pagination, newest first: `where` selects the rows after the cursor and `orderBy` sorts
 * them; fetch `take` rows and hand them to `page`. Stable under concurrent inserts, unlike offsets.
 * `list` names the list (one name per list operation); its cursors are valid only on that list, for
 * the workspace that listed.
 */
export function newestFirst(list: string, workspaceId: string, query: { limit: number; cursor?: string | undefined }) {
  const tag = listTag(list, workspaceId);
  const after = query.cursor === undefined ? undefined : decodeCursor(tag, query.cursor);
  return {
    /**
     * The last row of the previous page, for a list that writes its own SQL (a union, or a time other
     * than created_at as its order): it selects the rows after (after.createdAt, after.id) itself.
     */
    after,
    where: after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {},
    orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }],
    // One extra row tells whether another page exists.
    take: query.limit + 1,
    /** The page of `rows` and its next cursor; `keyOf` reads a row's place in the order, for rows not keyed as Keyset. */
    page<TRow>(
      rows: TRow[],
      ...[keyOf]: TRow extends Keyset ? [keyOf?: (row: TRow) => Keyset] : [keyOf: (row: TRow) => Keyset]
    ): { rows: TRow[]; nextCursor: string | null } {
      const pageRows = rows.slice(0, query.limit);
      const last = pageRows.at(-1);
      if (rows.length <= query.limit || last === undefined) return { rows: pageRows, nextCursor: null };
      return { rows: pageRows, nextCursor: encodeCursor(tag, keyOf ? keyOf(last) : (last as Keyset)) };
    },
  };
}

/**
 * A list's created_after (inclusive) and created_before (exclusive) filters as dates. A range that
 * holds no instant at all is a mistake worth naming (422 on created_before), not an empty page.
 */
export function createdRange(filter: { created_after?: string | undefined; created_before?: string | undefined }): {
  from: Date | undefined;
  to: Date | undefined;
} {
  const from = filter.created_after === undefined ? undefined : new Date(filter.created_after);
  const to = filter.created_before === undefined ? undefined : new Date(filter.created_before);
  if (from && to && to.getTime() <= from.getTime()) {
    throw new AppError('validation_failed', {
      message: 'created_before must be later than created_after.',
      extra: { issues: [{ path: 'created_before', message: 'must be later than created_after' }] },
    });
  }
  return { from, to };
}

/*
 * A list statement is prepared once per connection (@textline/db), and PostgreSQL plans it anew on
 * every execution unless its generic plan is priced no higher than a custom one. Against `LIMIT $n`
 * or an equality on a column with a few values (a status, a kind) the generic plan is priced for a
 * large share of the table, so it never is, and every page is planned again before it runs. Written
 * into the text instead, these give
 * one statement per value, a handful in all, each run with its generic plan.
 */

/** A page size as a LIMIT literal. */
export function limitLiteral(take: number): string {
  if (!Number.isInteger(take) || take < 1) throw new Error(`page size ${take} is not a positive integer`);
  return String(take);
}

/** One of a fixed set of values (a status, a kind) as an SQL string literal. */
export function enumLiteral<T extends string>(value: T, allowed: readonly T[]): string {
  if (!allowed.includes(value)) throw new Error(`${value} is not one of ${allowed.join(', ')}`);
  return `'${value}'`;
}
