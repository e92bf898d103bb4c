import type { SqlClient } from '@textline/db';
import pg from 'pg';

/** A statement as the domain sends it: its text and its parameters. */
export type PlannedStatement = { text: string; values: unknown[] };

/** The plan PostgreSQL chooses for `statement` with these values (EXPLAIN: planned, not run), as text. */
export async function planOf(sql: SqlClient, statement: PlannedStatement): Promise<string> {
  const plan = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values);
  return plan.map((row) => row['QUERY PLAN']).join('\n');
}

/** The tables a plan (EXPLAIN's or auto_explain's text) reads by sequential scan, once each. */
export function sequentiallyScanned(plan: string): string[] {
  return [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!))];
}

/**
 * How cached plans are chosen: a connection's first executions of a prepared statement (and of each
 * statement inside a plpgsql function) are planned for their values, later ones may switch to the
 * generic plan, planned once for any values. A hot statement must be served by an index in both.
 */
export type PlanCacheMode = 'force_custom_plan' | 'force_generic_plan';

export type PlanRecorder = {
  /**
   * The plans of every statement `work` runs on the recorder's connection, those inside functions and
   * triggers included, in a transaction that is rolled back: a write leaves nothing behind.
   */
  plansOf(mode: PlanCacheMode, work: (client: pg.Client) => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
};

/**
 * A connection of its own on which PostgreSQL reports the plan of each statement it executes
 * (auto_explain, loaded for this session only), since EXPLAIN shows a function call but not the
 * statements inside it. Fails when the server has no auto_explain: a plan test that skipped there
 * would pass without having looked at a plan.
 */
export async function openPlanRecorder(databaseUrl: string): Promise<PlanRecorder> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const plans: string[] = [];
  client.on('notice', (notice) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query('SET auto_explain.log_min_duration = 0');
    await client.query('SET auto_explain.log_nested_statements = on');
    await client.query('SET auto_explain.log_format = text');
    await client.query("SET auto_explain.log_level = 'notice'");
  } catch (error) {
    await client.end();
    throw new Error(
      `auto_explain is not available on this PostgreSQL server (${String(error)}); the plan tests need it: ` +
        "install the server's contrib modules (Debian's postgresql package ships them)",
    );
  }
  return {
    async plansOf(mode, work) {
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL plan_cache_mode = ${mode}`);
        plans.length = 0;
        await work(client);
      } finally {
        // A read's plan is reported when its portal closes, which may be at the end of the transaction.
        await client.query('ROLLBACK');
      }
      return [...plans];
    },
    close: () => client.end(),
  };
}
