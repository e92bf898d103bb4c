import type { paths } from './generated/openapi.ts';

type ListOperation<TPath extends keyof paths> = paths[TPath] extends { get: infer TOperation } ? TOperation : never;

type PageOf<TOperation> = TOperation extends { responses: { 200: { content: { 'application/json': infer TPage } } } }
  ? TPage
  : never;

type Page<TPath extends keyof paths> = PageOf<ListOperation<TPath>>;

/** The paths of openapi.json whose GET answers one page of a list: its items beside a next_cursor. */
export type ListPath = {
  [TPath in keyof paths]: Page<TPath> extends { next_cursor: string | null } ? TPath : never;
}[keyof paths];

type ListParameters<TPath extends ListPath> =
  ListOperation<TPath> extends { parameters: infer TParameters } ? TParameters : never;

/** The query a list takes, without the cursor `paginate` moves itself; `limit` is the page size. */
export type PageQuery<TPath extends ListPath> = Omit<
  NonNullable<ListParameters<TPath> extends { query?: infer Q } ? Q : never>,
  'cursor'
>;

/** The path parameters of a list (a conversation's id), or never when it has none. */
export type PathParameters<TPath extends ListPath> = NonNullable<ListParameters<TPath> extends { path?: infer P } ? P : never>;

export type PaginateOptions<TPath extends ListPath> = {
  query?: PageQuery<TPath>;
  path?: PathParameters<TPath>;
  /** Stops the walk (and the request under way). */
  signal?: AbortSignal;
};

/** The items of a page: the one array beside next_cursor (messages, tokens, entries...). */
export type ListItem<TPath extends ListPath> = {
  [TKey in keyof Page<TPath>]: Page<TPath>[TKey] extends readonly (infer TItem)[] ? TItem : never;
}[keyof Page<TPath>];

type FetchPage = (cursor: string | undefined) => Promise<unknown>;

/** The items array and next cursor of a page the API answered. */
function readPage(page: unknown): { items: unknown[]; nextCursor: string | null } {
  const record = page as Record<string, unknown>;
  const lists = Object.values(record).filter((value) => Array.isArray(value));
  if (lists.length !== 1 || !('next_cursor' in record)) throw new Error('The answer is not one page of a list');
  return { items: lists[0] as unknown[], nextCursor: (record.next_cursor as string | null) ?? null };
}

/**
 * The items of a list, fetched a page at a time as they are consumed: iterate it with `for await`,
 * or collect a bounded number with `toArray({ limit })`.
 */
export class Paginator<TPath extends ListPath> implements AsyncIterable<ListItem<TPath>> {
  constructor(private readonly fetchPage: FetchPage) {}

  async *[Symbol.asyncIterator](): AsyncIterator<ListItem<TPath>> {
    let cursor: string | undefined;
    do {
      const { items, nextCursor } = readPage(await this.fetchPage(cursor));
      for (const item of items) yield item as ListItem<TPath>;
      cursor = nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** At most `limit` items, in list order; no page is fetched past the one that holds the last of them. */
  async toArray({ limit }: { limit: number }): Promise<ListItem<TPath>[]> {
    const items: ListItem<TPath>[] = [];
    if (limit <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
