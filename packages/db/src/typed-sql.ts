// The statements written as SQL (the `.sql` files beside the modules that run them) and the three
// ways to run one. Each file's `.sql.ts` twin is generated from it (typed-sql-generator.ts), with
// the types PostgreSQL reports for the statement's parameters and columns.
import type { SqlClient } from './sql-client.ts';

/** A statement of a `.sql` file: its text, the values it binds ($1, $2, … in order) and the row it returns. */
export type Statement<Values extends unknown[], Row> = {
  readonly text: string;
  /** Carries the types only; never set. */
  readonly types?: { values: Values; row: Row };
};

/** The row a statement returns. */
export type RowOf<S> = S extends Statement<infer _Values, infer Row> ? Row : never;

/** Used by the generated files only. */
export const statement = <Values extends unknown[], Row>(text: string): Statement<Values, Row> => ({ text });

/** Prisma's raw-query methods: the client, or an interactive transaction (the statement then runs in it). */
export type RawQueryClient = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
};

// int8 comes back from Prisma as bigint but from the drivers as a string (pg) or a number (PGlite):
// a statement run on the driver casts such columns, so its rows read the same in both modes.
type DriverSafe<Values extends unknown[], Row> = [Extract<Row[keyof Row], bigint>] extends [never] ? Values : never;

/** Timestamps as the API shows them (SqlOptions `timestamps: 'iso'`). */
export type IsoTimestamps<Row> = {
  [Key in keyof Row]: Row[Key] extends Date ? string : Date extends Row[Key] ? Exclude<Row[Key], Date> | string : Row[Key];
};

/** Runs `statement` on the driver, as a named (prepared) statement where the driver names them. */
export function queryRows<Values extends unknown[], Row>(
  sql: SqlClient,
  statement: Statement<Values, Row>,
  values: DriverSafe<Values, Row>,
): Promise<Row[]> {
  return sql.query<Row>(statement.text, values);
}

/** queryRows with timestamps as ISO 8601 strings instead of Dates. */
export function queryIsoRows<Values extends unknown[], Row>(
  sql: SqlClient,
  statement: Statement<Values, Row>,
  values: DriverSafe<Values, Row>,
): Promise<IsoTimestamps<Row>[]> {
  return sql.query<IsoTimestamps<Row>>(statement.text, values, { timestamps: 'iso' });
}

/** Runs `statement` through Prisma: in `db`'s transaction when `db` is one. */
export function queryRowsIn<Values extends unknown[], Row>(
  db: Pick<RawQueryClient, '$queryRawUnsafe'>,
  statement: Statement<Values, Row>,
  values: Values,
): Promise<Row[]> {
  return db.$queryRawUnsafe<Row[]>(statement.text, ...values);
}

/** Runs `statement` through Prisma (in `db`'s transaction when `db` is one); returns the number of rows it changed. */
export function executeIn<Values extends unknown[]>(
  db: Pick<RawQueryClient, '$executeRawUnsafe'>,
  statement: Statement<Values, unknown>,
  values: Values,
): Promise<number> {
  return db.$executeRawUnsafe(statement.text, ...values);
}
