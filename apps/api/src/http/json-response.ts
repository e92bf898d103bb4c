import type { ServerResponse } from 'node:http';

type ResponseHeaders = Record<string, string | number | readonly string[]>;

/**
 * Writes a JSON response as express's res.json would (same Content-Type, Content-Length, no ETag),
 * without res.json's per-call re-parsing of the content type and charset, which the busiest routes
 * would repeat on every answer.
 */
export function writeJson(res: ServerResponse, status: number, body: object, headers: ResponseHeaders = {}): void {
  const json = JSON.stringify(body);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}
