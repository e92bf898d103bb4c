import type { SigningKey } from '../src/provider-callbacks/signature.ts';

/** The large fixture's row counts (fixture-store.ts chooses them, large-fixture.ts writes them). */
export type LargeFixtureSize = {
  messages: number;
  conversations: number;
  suppressions: number;
  contacts: number;
  ledgerEntriesPerDay: number;
};

/** What the scenarios need to know of a copy of the large fixture: its workspace, and numbers with a year of messages. */
export type LargeFixtureInfo = { workspaceId: string; listRecipients: string[]; size: LargeFixtureSize };

/**
 * Where a scenario's server keeps its data: a fresh PGlite directory, or a fresh PostgreSQL database;
 * either empty or, with `large`, a copy of the large fixture.
 */
export type BenchTarget = (
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; dataDir: string; databaseUrl: string; redis: { url: string; keyPrefix: string } | undefined }
) & { large?: LargeFixtureInfo };

/** What a started server tells the load generator (it crosses a process boundary, so JSON). */
export type Fixture = {
  tokens?: string[];
  webhookKey?: SigningKey;
  messageIds?: string[];
  listRecipients?: string[];
  /** Codes of tracked links the fixture's sends made. */
  linkCodes?: string[];
};

export type RunningServer = { port: number; close(): Promise<void> };

export const RECIPIENTS = 1_000;
// A typical one-segment notification.
export const SMS_TEXT = 'Your order #48213 has shipped and arrives Thursday. Reply STOP to opt out.';
