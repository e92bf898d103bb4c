import type { PrismaClient } from '@textline/db';
import type { AvailableNumber, NumberSearch, NumberType, PurchasedNumber } from '../../ports.ts';

/**
 * The sandbox carrier's numbers: in every NANP area code, the fictional block NXX-555-0100 to 0199
 * (reserved for fiction, so a sandbox number never reaches a real phone), sold lowest first; a
 * released number is for sale again. The toll-free codes (8XX) hold its toll-free numbers, every
 * other code local ones. Without an area code it sells from the first of the default area codes of
 * the type with stock.
 */
const FIRST_LINE = 100;
const LINES_PER_AREA_CODE = 100;
const DEFAULT_AREA_CODES: Record<NumberType, readonly string[]> = {
  local: ['415', '212', '312', '512', '206'],
  toll_free: ['833', '844', '855', '866', '877', '888'],
};
const TOLL_FREE_AREA_CODES = new Set(['800', ...DEFAULT_AREA_CODES.toll_free]);
const areaCodePattern = /^[2-9]\d{2}$/;
const inventoryPattern = /^\+1([2-9]\d{2})5550(1\d{2})$/;

function typeOfAreaCode(areaCode: string): NumberType {
  return TOLL_FREE_AREA_CODES.has(areaCode) ? 'toll_free' : 'local';
}

/** The area codes to sell `type` from: the one asked for when it holds that type, else the defaults. */
function areaCodesFor(type: NumberType, areaCode: string | undefined): readonly string[] {
  if (areaCode === undefined) return DEFAULT_AREA_CODES[type];
  return areaCodePattern.test(areaCode) && typeOfAreaCode(areaCode) === type ? [areaCode] : [];
}

/** The state of a few well-known area codes, for search results; the sandbox names no region for the others. */
const regions: Record<string, string> = { '206': 'WA', '212': 'NY', '312': 'IL', '415': 'CA', '512': 'TX' };

function numberAt(areaCode: string, line: number): string {
  return `+1${areaCode}555${String(line).padStart(4, '0')}`;
}

/** Sells `number` if nobody holds it: one insert, which a concurrent buyer of the same number loses (skipDuplicates). */
async function sell(prisma: PrismaClient, areaCode: string, line: number, soldAt: Date): Promise<PurchasedNumber | undefined> {
  const number = numberAt(areaCode, line);
  const providerNumberId = `SBXPN${areaCode}${line}`;
  const { count } = await prisma.sandboxNumber.createMany({
    data: [{ number, areaCode, providerNumberId, soldAt }],
    skipDuplicates: true,
  });
  // The sandbox routes inbound messages of its numbers to our /incoming route by itself.
  return count === 1 ? { number, type: typeOfAreaCode(areaCode), providerNumberId, webhookConfigured: true } : undefined;
}

async function soldIn(prisma: PrismaClient, areaCodes: readonly string[]): Promise<Set<string>> {
  const rows = await prisma.sandboxNumber.findMany({ where: { areaCode: { in: [...areaCodes] } }, select: { number: true } });
  return new Set(rows.map((row) => row.number));
}

/**
 * Sells the lowest line not yet sold. Buyers in other requests or processes may pick the same line
 * at the same time: the insert that loses does nothing (ON CONFLICT DO NOTHING, not an error) and
 * that buyer goes on to the next line. A lost race means that line was sold meanwhile, so the walk
 * ends with a sale, or with undefined only once every line of the area code was sold.
 */
async function sellFrom(prisma: PrismaClient, areaCode: string, soldAt: Date): Promise<PurchasedNumber | undefined> {
  const sold = await soldIn(prisma, [areaCode]);
  for (let line = FIRST_LINE; line < FIRST_LINE + LINES_PER_AREA_CODE; line += 1) {
    if (sold.has(numberAt(areaCode, line))) continue;
    const purchased = await sell(prisma, areaCode, line, soldAt);
    if (purchased) return purchased;
  }
  return undefined;
}

/** The unsold numbers of the area code (or the default ones), lowest first, whose digits contain `contains`. */
export async function searchSandboxNumbers(prisma: PrismaClient, search: NumberSearch): Promise<AvailableNumber[]> {
  const areaCodes = areaCodesFor(search.type, search.areaCode);
  const sold = await soldIn(prisma, areaCodes);
  const found: AvailableNumber[] = [];
  for (const areaCode of areaCodes) {
    for (let line = FIRST_LINE; line < FIRST_LINE + LINES_PER_AREA_CODE && found.length < search.limit; line += 1) {
      const number = numberAt(areaCode, line);
      if (sold.has(number) || (search.contains && !number.slice(1).includes(search.contains))) continue;
      found.push({
        number,
        region: regions[areaCode] ?? null,
        capabilities: { sms: true, mms: false, voice: false },
        type: search.type,
      });
    }
  }
  return found;
}

/**
 * Buys exactly `number`, or else the next free number of the type in the area code (or the default
 * ones); undefined when that number is sold, not the sandbox's or not of the type, when none is left,
 * or the code is not NANP or not of the type.
 */
export async function buySandboxNumber(
  prisma: PrismaClient,
  options: { areaCode?: string | undefined; number?: string | undefined; type: NumberType; soldAt: Date },
): Promise<PurchasedNumber | undefined> {
  if (options.number !== undefined) {
    const [, areaCode, line] = inventoryPattern.exec(options.number) ?? [];
    return areaCode && line && typeOfAreaCode(areaCode) === options.type
      ? sell(prisma, areaCode, Number(line), options.soldAt)
      : undefined;
  }
  for (const areaCode of areaCodesFor(options.type, options.areaCode)) {
    const purchased = await sellFrom(prisma, areaCode, options.soldAt);
    if (purchased) return purchased;
  }
  return undefined;
}

/** Takes a number back into stock; releasing one the sandbox does not hold (any more) does nothing. */
export async function releaseSandboxNumber(prisma: PrismaClient, providerNumberId: string): Promise<void> {
  await prisma.sandboxNumber.deleteMany({ where: { providerNumberId } });
}
