/**
 * A timestamptz as PostgreSQL prints it ('2026-11-25 23:14:25.12+00') as the API shows instants:
 * ISO 8601 in UTC with milliseconds ('2026-11-25T23:14:25.120Z'). Every connection's TimeZone is UTC,
 * so the usual text is rewritten without building a Date, which costs far more on a list page of
 * many timestamps; any other offset goes through Date. Sub-milliseconds are cut,
 * as a Date cuts them.
 */
export function isoTimestamp(text: string): string {
  const end = text.length - 3;
  if (text.endsWith('+00') && text[4] === '-' && text[10] === ' ' && (end === 19 || (text[19] === '.' && end <= 26))) {
    const fraction = end === 19 ? '000' : text.slice(20, Math.min(end, 23)).padEnd(3, '0');
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  // '+05:30' already has its minutes; '-08' needs them for ISO 8601.
  const offsetMinutes = /[+-]\d\d$/.test(text) ? ':00' : '';
  const date = new Date(`${text.slice(0, 10)}T${text.slice(11)}${offsetMinutes}`);
  if (Number.isNaN(date.getTime())) throw new Error(`timestamptz '${text}' is not an instant the API can show`);
  return date.toISOString();
}
