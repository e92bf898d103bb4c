/**
 * Segments a second a carrier takes from one number: the number's own throughput_per_second when
 * set (its registration's allowance, or an operator's setting), else the default of a long code.
 * accept_message_batch.sql applies the same default where it reserves a number's slots.
 */
export const defaultThroughputPerSecond = 1;

export function throughputPerSecondOf(number: { throughputPerSecond: number | null }): number {
  return number.throughputPerSecond ?? defaultThroughputPerSecond;
}
