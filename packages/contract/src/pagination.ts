import { z } from 'zod';

/** Query parameters of a cursor-paginated list (newest first); numbers arrive as query strings. */
export const ZPageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Page size, 1-100 (default 25)'),
  cursor: z.string().min(1).max(200).describe('next_cursor from the previous page').optional(),
};

export const ZNextCursor = z.string().nullable().describe('Pass as cursor to get the next page; null on the last page');
