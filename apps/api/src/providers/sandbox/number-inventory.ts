import { Prisma, type PrismaClient } from '@textline/db';
import type { PurchasedNumber } from '../types.ts';

/**
 * The sandbox carrier's numbers: in every NANP area code, the fictional block NXX-555-0100 to 0199
 * (reserved for fiction, so a sandbox number never reaches a real phone), sold lowest first.
 * Without an area code it sells from the first of these with stock.
 */
const FIRST_LINE = 100;
const LINES_PER_AREA_CODE = 100;
export const DEFAULT_AREA_CODES = ['415', '212', '312', '512', '206'] as const;
const areaCodePattern = /^[2-9]\d{2}$/;

// Concurrent buyers may pick the same free number; the loser retries with the next one.
const MAX_RACE_RETRIES = 5;

function numberAt(areaCode: string, line: number): string {
  return `+1${areaCode}555${String(line).padStart(4, '0')}`;
}

async function sellFrom(prisma: PrismaClient, areaCode: string, soldAt: Date): Promise<PurchasedNumber | undefined> {
  for (let attempt = 0; attempt < MAX_RACE_RETRIES; attempt += 1) {
    const sold = new Set((await prisma.sandboxNumber.findMany({ where: { areaCode }, select: { number: true } })).map((row) => row.number));
    const line = Array.from({ length: LINES_PER_AREA_CODE }, (_, index) => FIRST_LINE + index).find((candidate) => !sold.has(numberAt(areaCode, candidate)));
    if (line === undefined) return undefined;
    const number = numberAt(areaCode, line);
    const providerNumberId = `SBXPN${areaCode}${line}`;
    try {
      await prisma.sandboxNumber.create({ data: { number, areaCode, providerNumberId, soldAt } });
      // The sandbox routes inbound messages of its numbers to our /incoming route by itself.
      return { number, providerNumberId, webhookConfigured: true };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    }
  }
  throw new Error(`sandbox number inventory for ${areaCode}: too many concurrent purchases`);
}

/** Buys the next free number in the area code (or the default ones); undefined when none is left or the code is not NANP. */
export async function buySandboxNumber(prisma: PrismaClient, options: { areaCode?: string | undefined; soldAt: Date }): Promise<PurchasedNumber | undefined> {
  if (options.areaCode !== undefined && !areaCodePattern.test(options.areaCode)) return undefined;
  for (const areaCode of options.areaCode ? [options.areaCode] : DEFAULT_AREA_CODES) {
    const purchased = await sellFrom(prisma, areaCode, options.soldAt);
    if (purchased) return purchased;
  }
  return undefined;
}
