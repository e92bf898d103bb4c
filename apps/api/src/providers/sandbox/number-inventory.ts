import type { PrismaClient } from '@textline/db';
import type { PurchasedNumber } from '../types.ts';

/**
 * The sandbox carrier's numbers: in every NANP area code, the fictional block NXX-555-0100 to 0199
 * (reserved for fiction, so a sandbox number never reaches a real phone), sold lowest first.
 * Without an area code it sells from the first of these with stock.
 */
const FIRST_LINE = 100;
const LINES_PER_AREA_CODE = 100;
const DEFAULT_AREA_CODES = ['415', '212', '312', '512', '206'] as const;
const areaCodePattern = /^[2-9]\d{2}$/;

function numberAt(areaCode: string, line: number): string {
  return `+1${areaCode}555${String(line).padStart(4, '0')}`;
}

/**
 * Sells the lowest line not yet sold. Buyers in other requests or processes may pick the same line
 * at the same time: the insert that loses does nothing (ON CONFLICT DO NOTHING, not an error) and
 * that buyer goes on to the next line. A lost race means that line is sold for good, so the walk
 * ends with a sale, or with undefined only once every line of the area code is sold.
 */
async function sellFrom(prisma: PrismaClient, areaCode: string, soldAt: Date): Promise<PurchasedNumber | undefined> {
  const sold = new Set(
    (await prisma.sandboxNumber.findMany({ where: { areaCode }, select: { number: true } })).map((row) => row.number),
  );
  for (let line = FIRST_LINE; line < FIRST_LINE + LINES_PER_AREA_CODE; line += 1) {
    const number = numberAt(areaCode, line);
    if (sold.has(number)) continue;
    const providerNumberId = `SBXPN${areaCode}${line}`;
    const { count } = await prisma.sandboxNumber.createMany({
      data: [{ number, areaCode, providerNumberId, soldAt }],
      skipDuplicates: true,
    });
    // The sandbox routes inbound messages of its numbers to our /incoming route by itself.
    if (count === 1) return { number, providerNumberId, webhookConfigured: true };
  }
  return undefined;
}

/** Buys the next free number in the area code (or the default ones); undefined when none is left or the code is not NANP. */
export async function buySandboxNumber(
  prisma: PrismaClient,
  options: { areaCode?: string | undefined; soldAt: Date },
): Promise<PurchasedNumber | undefined> {
  if (options.areaCode !== undefined && !areaCodePattern.test(options.areaCode)) return undefined;
  for (const areaCode of options.areaCode ? [options.areaCode] : DEFAULT_AREA_CODES) {
    const purchased = await sellFrom(prisma, areaCode, options.soldAt);
    if (purchased) return purchased;
  }
  return undefined;
}
