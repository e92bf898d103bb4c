/** The driver a hand-written statement goes through: PGlite in the embedded mode, a pg pool in the scaled one. */
export type SqlClient = { query<Row>(text: string, values: unknown[], options?: SqlOptions): Promise<Row[]> };

export type SqlOptions = {
  /** 'iso': timestamptz comes back as the API shows it, an ISO 8601 string in UTC (isoTimestamp), not a Date. */
  timestamps?: 'iso';
};
