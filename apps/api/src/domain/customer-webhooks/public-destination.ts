import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which webhook destinations count as public: the one rule behind the refusal at endpoint creation
 * (endpoints.ts) and the check of every address a connection is about to use (sender.ts).
 */

type IPv4Bytes = number[];

/** The IPv4 octets at `offsets` of a 16-byte IPv6 address. */
const octetsAt = (bytes: number[], offsets: number[]): IPv4Bytes => offsets.map((offset) => bytes[offset] ?? 0);
const lastFourOctets = (bytes: number[]): IPv4Bytes => bytes.slice(12);

/**
 * Where RFC 6052 puts the IPv4 address after a translator prefix of each length that fits in the
 * local-use /48 (bits 64-71 are always skipped).
 */
const rfc6052Layouts = [
  [6, 7, 9, 10], // /48
  [7, 9, 10, 11], // /56
  [9, 10, 11, 12], // /64
  [12, 13, 14, 15], // /96
];

/**
 * IPv6 ranges whose addresses carry an IPv4 address the packet ends up at (directly, through a
 * translator or through a tunnel): such an address is as public as the IPv4 address in it. Each
 * range lists every IPv4 address an address of it may stand for.
 */
const ipv4Embeddings: { range: [ipaddr.IPv6, number]; embedded: (bytes: number[]) => IPv4Bytes[] }[] = [
  // IPv4-mapped (::ffff:a.b.c.d): the kernel connects to the IPv4 address itself.
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), embedded: (bytes) => [lastFourOctets(bytes)] },
  // IPv4-translated (SIIT, ::ffff:0:a.b.c.d).
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), embedded: (bytes) => [lastFourOctets(bytes)] },
  // IPv4-compatible (::a.b.c.d, deprecated); also covers :: and ::1, read as 0.0.0.0 and 0.0.0.1.
  { range: ipaddr.IPv6.parseCIDR('::/96'), embedded: (bytes) => [lastFourOctets(bytes)] },
  // NAT64 well-known prefix.
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), embedded: (bytes) => [lastFourOctets(bytes)] },
  // NAT64 local-use prefix: the operator picks the prefix length, so every layout must be public.
  {
    range: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'),
    embedded: (bytes) => rfc6052Layouts.map((offsets) => octetsAt(bytes, offsets)),
  },
  // 6to4: the IPv4 address is bits 16-47.
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), embedded: (bytes) => [octetsAt(bytes, [2, 3, 4, 5])] },
  // Teredo: the client's IPv4 address is the last 32 bits, inverted.
  { range: ipaddr.IPv6.parseCIDR('2001::/32'), embedded: (bytes) => [lastFourOctets(bytes).map((octet) => octet ^ 0xff)] },
];

const isPublicIPv4 = (octets: IPv4Bytes) => new ipaddr.IPv4(octets).range() === 'unicast';

/**
 * Whether an IP address (without brackets) is public: ordinary unicast, not private, loopback,
 * link-local, reserved, multicast or unspecified, judging an IPv6 address that embeds an IPv4
 * address by the IPv4 address. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const embedding = ipv4Embeddings.find(({ range }) => ipv6.match(range));
  if (embedding) return embedding.embedded(ipv6.toByteArray()).every(isPublicIPv4);
  return ipv6.range() === 'unicast';
}

/**
 * A URL hostname (IPv6 in brackets or not) without its trailing dots: `localhost.` is the fully
 * qualified spelling of `localhost`, and resolves the same.
 */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/**
 * Whether a hostname can be told to be non-public without resolving it: an address literal that is
 * not public, or a name under `localhost` (RFC 6761: always loopback).
 */
export function isNonPublicHost(hostname: string): boolean {
  const host = bareHost(hostname).toLowerCase();
  if (isIP(host)) return !isPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost');
}

/** The refusal of an endpoint URL whose host is not public, at creation or change. */
export const nonPublicReason = 'must not point at a private, loopback or link-local address';

/** How long the endpoint URL check waits for DNS before calling the host unresolvable. */
const RESOLVE_TIMEOUT_MS = 5_000;

/** Every address `hostname` resolves to, or the lookup's error code. */
function resolveAll(hostname: string, lookup: LookupFunction): Promise<string[] | { failed: string }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ failed: 'timed out' }), RESOLVE_TIMEOUT_MS);
    lookup(hostname, { all: true }, (error, found) => {
      clearTimeout(timer);
      if (error) resolve({ failed: error.code ?? error.message });
      else resolve(typeof found === 'string' ? [found] : found.map(({ address }) => address));
    });
  });
}

/** Why a host cannot receive webhooks; `nonPublic` when allowing private destinations would change that. */
export type UnusableHost = { reason: string; nonPublic: boolean };

/**
 * Why an endpoint host cannot receive webhooks, or undefined when it can: it does not resolve, or
 * (unless private destinations are allowed) it resolves to an address that is not public. The
 * sender checks again on every connection, since DNS may answer differently later.
 */
export async function unusableHost(
  hostname: string,
  options: { lookup: LookupFunction; allowPrivate: boolean },
): Promise<UnusableHost | undefined> {
  const host = bareHost(hostname);
  if (isIP(host)) return options.allowPrivate || isPublicAddress(host) ? undefined : { reason: nonPublicReason, nonPublic: true };
  const addresses = await resolveAll(host, options.lookup);
  if (!Array.isArray(addresses)) {
    return { reason: `must resolve: the host ${host} could not be resolved (${addresses.failed})`, nonPublic: false };
  }
  if (options.allowPrivate || addresses.every(isPublicAddress)) return undefined;
  return { reason: `${nonPublicReason} (${host} resolves to one)`, nonPublic: true };
}
