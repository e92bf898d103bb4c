import { randomBase62 } from '../../lib/crypto.ts';
import type { Services } from '../../ports.ts';

/** A tracked link of a message: its code and the URL it redirects to. */
export type TrackedLink = { code: string; url: string };

/** Every code is this long: 62^12 codes cannot be guessed, and anything else is not a code (isLinkCode). */
export const linkCodeLength = 12;
const linkCodePattern = new RegExp(`^[0-9A-Za-z]{${linkCodeLength}}$`);
export const isLinkCode = (code: string) => linkCodePattern.test(code);

/** The path a tracked link is served at, under PUBLIC_BASE_URL. */
export const linkPath = (code: string) => `/l/${code}`;

// An http(s) URL up to white space or a character that cannot end one; punctuation that ends a
// sentence is left out of it (trailingPunctuation): ASCII's, and any outside ASCII (an ellipsis, a
// closing quote, a full stop of another script), which a URL would carry percent-encoded.
const urlPattern = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
const trailingPunctuation = /(?:[.,;:!?)\]]|(?![\0-\x7f])\p{P})+$/u;

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** linkCodeLength base62 characters from the first 64 bits of a hex digest. */
function codeOfDigest(hex: string): string {
  let value = BigInt(`0x${hex.slice(0, 16)}`);
  let code = '';
  for (let index = 0; index < linkCodeLength; index += 1) {
    code += base62.charAt(Number(value % 62n));
    value /= 62n;
  }
  return code;
}

/**
 * The body with each http(s) URL replaced by a tracked link (the second step of shaping a send,
 * after the template). A send with an idempotency key gets the same codes each time it is repeated,
 * so a retry renders the same body and replays instead of conflicting: they are derived from the
 * workspace, the key and the URL's place with the service's keyed HMAC (a prefix no client IP has
 * keeps them apart from IP hashes). Any other send gets random codes.
 */
export function shortenLinks(
  deps: Pick<Services, 'hashIp' | 'selfUrl' | 'config'>,
  send: { workspaceId: string; idempotencyKey?: string | undefined },
  body: string,
): { body: string; links: TrackedLink[] } {
  const base = deps.selfUrl.current ?? `http://localhost:${deps.config.port}`;
  const links: TrackedLink[] = [];
  const shortened = body.replace(urlPattern, (match) => {
    const url = match.replace(trailingPunctuation, '');
    const code =
      send.idempotencyKey === undefined
        ? randomBase62(linkCodeLength)
        : codeOfDigest(deps.hashIp(`link:${send.workspaceId}:${send.idempotencyKey}:${links.length}:${url}`));
    links.push({ code, url });
    return `${base}${linkPath(code)}${match.slice(url.length)}`;
  });
  return { body: shortened, links };
}
