import { AppError, type TLookup } from '@textline/contract';
import { type Services, ProviderRejection } from '../../ports.ts';

/** How long a lookup's answer is kept: numbers are ported between carriers and line types now and then. */
const LOOKUP_TTL_MS = 30 * 86_400_000;

/**
 * What a number is, from the carrier's lookup service, through a cache shared by every workspace
 * (what a number is does not depend on who asks), so a number costs one paid lookup a month.
 */
export async function lookupNumber(
  deps: Pick<Services, 'prisma' | 'clock'> & { messagingProvider: Pick<Services['messagingProvider'], 'label' | 'lookupNumber'> },
  phoneNumber: string,
): Promise<TLookup> {
  const now = deps.clock.now();
  const cached = await deps.prisma.phoneLookup.findUnique({ where: { phoneNumber } });
  if (cached && now - cached.lookedUpAt.getTime() < LOOKUP_TTL_MS) {
    return {
      phone_number: phoneNumber,
      country: cached.country,
      line_type: cached.lineType as TLookup['line_type'],
      carrier: cached.carrier,
      valid: cached.valid,
    };
  }
  let found;
  try {
    found = await deps.messagingProvider.lookupNumber(phoneNumber);
  } catch (error) {
    if (error instanceof ProviderRejection) throw new AppError('provider_unavailable', { message: error.message });
    throw error;
  }
  const row = {
    country: found.country,
    lineType: found.lineType,
    carrier: found.carrier,
    valid: found.valid,
    provider: deps.messagingProvider.label,
    lookedUpAt: new Date(now),
  };
  await deps.prisma.phoneLookup.upsert({ where: { phoneNumber }, create: { phoneNumber, ...row }, update: row });
  return {
    phone_number: phoneNumber,
    country: found.country,
    line_type: found.lineType,
    carrier: found.carrier,
    valid: found.valid,
  };
}
