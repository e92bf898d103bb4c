/**
 * The large fixture's builder (`run.ts --large-fixture`, a process that exits before any server
 * starts): the bench workspace of app.ts holding a year of data (fixture-store.ts names the counts),
 * written by the database itself with INSERT ... SELECT generate_series, one statement per table, then
 * VACUUM ANALYZE so that every copy starts with statistics, hint bits and visibility maps as a
 * long-lived database has them.
 *
 * Rows are spread over the year ending at the build, oldest first (the order they would have been
 * written in), and the tables' indexes are built after them. Ids are md5-based strings as random as
 * the app's. Phone numbers are valid NANP numbers in disjoint ranges:
 * message recipients, conversations and contacts share +1415200xxxx-+1415209xxxx (a recipient
 * replies, a contact was messaged), suppressions are +1415400xxxx, and none is one of the bench's own
 * recipients (+14155551000-1999), whose sends a suppression would refuse.
 */
import type { Services } from '../src/ports.ts';
import { createBenchWorkspace, withServices } from './app.ts';
import type { BenchTarget, LargeFixtureInfo, LargeFixtureSize } from './fixture.ts';

const YEAR_SECONDS = 365 * 86_400;
// Numbers whose messages the list scenario pages through; each has size.messages / recipients messages.
const LIST_RECIPIENTS = 1_000;
export const SENDER_NUMBERS = ['+12065550100', '+12065550101', '+12065550102'];

/** A value of ours (an id, a timestamp) as an SQL literal; checked, since it is spliced into the statement. */
function literal(value: string): string {
  if (!/^[\w:.+-]+$/.test(value)) throw new Error(`not a plain value: ${value}`);
  return `'${value}'`;
}

const recipient = (index: string) => `'+1415' || (2000000 + ${index})`;
/** An id like newId's (a prefix and 22 characters), derived from `seed` so a rebuild writes the same ones. */
const fixtureId = (prefix: string, seed: string) => `'${prefix}_' || substr(md5('${prefix}' || ${seed}), 1, 22)`;
type Build = { workspaceId: string; senderIds: string[]; now: string; recipients: number };

/** The statements, in order. */
function statements(size: LargeFixtureSize, build: Build): { table: string; text: string }[] {
  const { messages, conversations, suppressions, contacts, ledgerEntriesPerDay } = size;
  const { recipients } = build;
  const ledgerEntries = ledgerEntriesPerDay * 365;
  const inbound = conversations * 2;
  const workspace = literal(build.workspaceId);
  const now = `${literal(build.now)}::timestamptz`;
  /** The moment of row `index` of `count`, spread evenly over the year ending at the build. */
  const spread = (index: string, count: number) =>
    `${now} - make_interval(secs => (${count} - ${index}) * ${YEAR_SECONDS / count}::float8)`;
  const sender = (index: string) => `(ARRAY[${build.senderIds.map(literal).join(', ')}])[1 + (${index}) % 3]`;
  const senderNumber = (index: string) => `(ARRAY[${SENDER_NUMBERS.map(literal).join(', ')}])[1 + (${index}) % 3]`;
  return [
    {
      table: 'messages',
      // Terminal statuses by age: the last hour's still queued, earlier ones 75 % delivered, 12 % sent
      // (no receipt), 10 % failed, 3 % canceled; a tenth are a campaign's (the partial index's rows),
      // half carry an idempotency key.
      text: `INSERT INTO messages (id, workspace_id, phone_number, body, segments, cost_cents, status, sender_number_id,
          sender_number, idempotency_key, metadata, source, provider_message_id, error_code, dispatched_at, sent_at,
          delivered_at, failed_at, created_at, updated_at)
        SELECT id, ${workspace}, ${recipient(`i % ${recipients}`)}, 'Your order #' || i || ' has shipped and arrives Thursday. Reply STOP to opt out.',
          1, 2, status, ${sender('i')}, ${senderNumber('i')},
          CASE WHEN i % 2 = 0 THEN 'fixture-' || i END,
          CASE WHEN i % 10 = 0 THEN jsonb_build_object('campaign_id', 'cmp_fixture' || (i % 20)) END,
          CASE WHEN i % 10 = 0 THEN 'campaign' ELSE 'api' END,
          CASE WHEN status NOT IN ('queued', 'canceled') THEN 'SBX' || substr(md5('p' || i), 1, 20) END,
          CASE WHEN status = 'failed' THEN 'carrier_rejected' END,
          CASE WHEN status NOT IN ('queued', 'canceled') THEN at + interval '1 second' END,
          CASE WHEN status IN ('sent', 'delivered') THEN at + interval '2 seconds' END,
          CASE WHEN status = 'delivered' THEN at + interval '5 seconds' END,
          CASE WHEN status = 'failed' THEN at + interval '3 seconds' END,
          at, at + interval '5 seconds'
        FROM (
          SELECT i, ${fixtureId('msg', 'i')} AS id, at,
            CASE WHEN at > ${now} - interval '1 hour' THEN 'queued'
                 WHEN i % 100 < 75 THEN 'delivered' WHEN i % 100 < 87 THEN 'sent'
                 WHEN i % 100 < 97 THEN 'failed' ELSE 'canceled' END AS status
          FROM (SELECT i, ${spread('i', messages)} AS at FROM generate_series(0, ${messages - 1}) AS i) AS timed
        ) AS rows`,
    },
    {
      table: 'recipient_senders',
      text: `INSERT INTO recipient_senders (workspace_id, phone_number, phone_number_id, updated_at)
        SELECT ${workspace}, ${recipient('r')}, ${sender('r')}, ${now} FROM generate_series(0, ${recipients - 1}) AS r`,
    },
    {
      table: 'conversations',
      // Conversation c holds inbound messages c and c + conversations (below): the later is its last.
      text: `INSERT INTO conversations (id, workspace_id, phone_number, sender_number, last_message_at, created_at)
        SELECT ${fixtureId('cnv', 'c')}, ${workspace}, ${recipient('c')}, ${senderNumber('c')},
          ${spread(`(c + ${conversations})`, inbound)}, ${spread('c', inbound)}
        FROM generate_series(0, ${conversations - 1}) AS c`,
    },
    {
      table: 'inbound_messages',
      text: `INSERT INTO inbound_messages (id, workspace_id, conversation_id, from_number, to_number, body, provider_message_id, created_at)
        SELECT ${fixtureId('inb', 'k')}, ${workspace}, ${fixtureId('cnv', `(k % ${conversations})`)}, ${recipient(`k % ${conversations}`)},
          ${senderNumber(`k % ${conversations}`)}, 'Thanks, see you Thursday', 'SBXin' || substr(md5('i' || k), 1, 20),
          ${spread('k', inbound)}
        FROM generate_series(0, ${inbound - 1}) AS k`,
    },
    {
      table: 'workspace_suppressions',
      // A tenth lifted; sources as carriers, STOP replies and the workspace itself leave them.
      text: `INSERT INTO workspace_suppressions (id, workspace_id, phone_number, active, source, reason, created_at, updated_at)
        SELECT ${fixtureId('sup', 's')}, ${workspace}, '+1415' || (4000000 + s), s % 10 <> 0,
          (ARRAY['provider_event', 'inbound_keyword', 'manual'])[1 + s % 3], 'fixture', ${spread('s', suppressions)},
          ${spread('s', suppressions)}
        FROM generate_series(0, ${suppressions - 1}) AS s`,
    },
    {
      table: 'contacts',
      text: `INSERT INTO contacts (id, workspace_id, phone_number, first_name, last_name, attributes, created_at, updated_at)
        SELECT ${fixtureId('ct', 'k')}, ${workspace}, ${recipient('k')}, 'Contact', 'No. ' || k, jsonb_build_object('tier', k % 3),
          ${spread('k', contacts)}, ${spread('k', contacts)}
        FROM generate_series(0, ${contacts - 1}) AS k`,
    },
    {
      table: 'ledger_entries',
      // 88 % send debits (each of a fixture message), 8 % refunds, 3 % operator credits, 1 % funding
      // credits. balance_after_cents is plausible, not a running sum: no statement reads it back.
      text: `INSERT INTO ledger_entries (id, workspace_id, amount_cents, kind, reference, message_id, balance_after_cents, created_at)
        SELECT ${fixtureId('led', 'j')}, ${workspace},
          CASE kind WHEN 'send_debit' THEN -2 WHEN 'send_refund' THEN 2 ELSE 10000 END,
          kind, 'fixture:' || j,
          CASE WHEN kind IN ('send_debit', 'send_refund') THEN ${fixtureId('msg', `(j % ${messages})`)} END,
          1000000000 - j, ${spread('j', ledgerEntries)}
        FROM (
          SELECT j, CASE WHEN j % 100 < 88 THEN 'send_debit' WHEN j % 100 < 96 THEN 'send_refund'
                         WHEN j % 100 < 99 THEN 'operator_credit' ELSE 'funding_credit' END AS kind
          FROM generate_series(0, ${ledgerEntries - 1}) AS j
        ) AS kinds`,
    },
  ];
}

/**
 * The indexes of `tables`, dropped so that the bulk insert fills the tables without maintaining them
 * and each is built once, sorted, afterwards: returns the statements that build them again as the
 * migrations wrote them. A primary key stays where a foreign key references it.
 */
async function dropIndexes(sql: Services['sql'], tables: string[]): Promise<string[]> {
  const indexes = await sql.query<{ name: string; table_name: string; definition: string; is_primary: boolean }>(
    `SELECT i.indexname AS name, i.tablename AS table_name, i.indexdef AS definition, c.oid IS NOT NULL AS is_primary
     FROM pg_indexes i
     LEFT JOIN pg_constraint c ON c.conname = i.indexname AND c.contype = 'p'
     WHERE i.schemaname = current_schema() AND i.tablename IN (${tables.map(literal).join(', ')})
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.confrelid = c.conrelid)`,
    [],
  );
  const rebuild: string[] = [];
  for (const { name, table_name: table, definition, is_primary: primary } of indexes) {
    if (primary) {
      await sql.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`, []);
      rebuild.push(definition, `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" PRIMARY KEY USING INDEX "${name}"`);
    } else {
      await sql.query(`DROP INDEX "${name}"`, []);
      rebuild.push(definition);
    }
  }
  return rebuild;
}

/** Builds the large fixture in `target` (migrated first, as the app migrates); returns what the scenarios need. */
export function buildLargeFixture(target: BenchTarget, size: LargeFixtureSize): Promise<LargeFixtureInfo> {
  return withServices(target, async (services) => {
    const { workspaceId, senderIds } = await createBenchWorkspace(services, SENDER_NUMBERS);
    const recipients = Math.max(1, Math.ceil(size.messages / 50));
    const all = statements(size, { workspaceId, senderIds, now: new Date().toISOString(), recipients });
    const { sql } = services;
    if (services.db.kind === 'postgres') await sql.query(`SET maintenance_work_mem = '256MB'`, []);
    const rebuild = await dropIndexes(
      sql,
      all.map(({ table }) => table),
    );
    for (const { table, text } of all) {
      const started = Date.now();
      await sql.query(text, []);
      console.error(`large fixture: ${table} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const indexed = Date.now();
    for (const definition of rebuild) await sql.query(definition, []);
    console.error(`large fixture: indexes built in ${((Date.now() - indexed) / 1000).toFixed(1)} s`);
    const vacuumed = Date.now();
    for (const table of new Set(all.map(({ table }) => table))) await sql.query(`VACUUM (ANALYZE) ${table}`, []);
    console.error(`large fixture: VACUUM ANALYZE in ${((Date.now() - vacuumed) / 1000).toFixed(1)} s`);
    return {
      workspaceId,
      listRecipients: Array.from({ length: Math.min(LIST_RECIPIENTS, recipients) }, (_, index) => `+1415${2_000_000 + index}`),
      size,
    };
  });
}
