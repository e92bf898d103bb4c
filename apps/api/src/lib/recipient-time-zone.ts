import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { nanpAreaCodeOtherZones, nanpAreaCodesByZone } from './nanp-time-zones.ts';

const nanpE164 = /^\+1\d{10}$/;

const zoneByAreaCode = new Map(
  Object.entries(nanpAreaCodesByZone).flatMap(([zone, codes]) => codes.split(' ').map((code) => [code, zone] as const)),
);

/**
 * Countries spanning several zones: the zone most of the population lives in (Intl lists a
 * country's zones alphabetically, which says nothing about where people are). US and Canadian
 * numbers are looked up by area code first; these apply to area codes the table does not know,
 * where the US falls back to Central time, at most two hours from the mainland zones.
 */
const representativeZones: Record<string, string> = {
  AC: 'Atlantic/St_Helena',
  AR: 'America/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Ponape',
  GL: 'America/Godthab',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Hebron',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  TA: 'Atlantic/St_Helena',
  UA: 'Europe/Kiev',
  US: 'America/Chicago',
  UZ: 'Asia/Tashkent',
  XK: 'Europe/Belgrade',
};

/** The country's zones from the runtime's CLDR data (a getter in Node 20, a method in later versions). */
function countryZones(country: string): string[] {
  const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}

/**
 * A representative IANA zone for the recipient of `phoneNumber` (E.164): by area code in North
 * America, else the country's only zone or its most populous one; UTC when nothing is known.
 */
export function recipientTimeZone(phoneNumber: string): string {
  // A North American number in E.164 needs no parsing: a campaign batch asks for thousands.
  if (nanpE164.test(phoneNumber)) {
    const zone = zoneByAreaCode.get(phoneNumber.slice(2, 5));
    if (zone) return zone;
  }
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed) return 'UTC';
  if (parsed.countryCallingCode === '1') {
    const zone = zoneByAreaCode.get(parsed.nationalNumber.slice(0, 3));
    if (zone) return zone;
  }
  const country = parsed.country;
  if (!country) return 'UTC';
  return representativeZones[country] ?? countryZones(country)[0] ?? 'UTC';
}

/**
 * Every zone the recipient of `phoneNumber` may be in: its representative zone (recipientTimeZone)
 * and, for a North American area code whose numbers lie in several zones, the others.
 */
export function recipientTimeZones(phoneNumber: string): string[] {
  const zone = recipientTimeZone(phoneNumber);
  const others = nanpE164.test(phoneNumber) ? nanpAreaCodeOtherZones[phoneNumber.slice(2, 5)] : undefined;
  return others === undefined ? [zone] : [zone, ...others.split(' ')];
}
