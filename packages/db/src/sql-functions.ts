// The database functions whose source is a file in packages/db/sql (one function a file, named after
// it), and the migration that brings the database to them. Migrations keep every past definition
// (the history is never rewritten); the file is the one readable, current one.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsDir } from './engine.ts';
import { dbPackageDir } from './package-dir.ts';

export const sqlFunctionsDir = path.join(dbPackageDir, 'sql');

/** `quote`: a dollar-quoted body's delimiter ($$ or $tag$). */
type Token = { text: string; start: number; end: number; kind: 'word' | 'string' | 'dollar' | 'symbol'; quote?: string };

// Comments, quoted strings and identifiers, dollar-quoted bodies (kept whole: their semicolons do not
// end the statement), words, numbers, and any other character alone.
const tokenPattern =
  /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|(\$[A-Za-z_]*\$)[\s\S]*?\1|[A-Za-z_][A-Za-z0-9_$]*|\d+(?:\.\d+)?|::|->>?|\|\||[<>!]=|<>|\S/g;

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  for (const match of sql.matchAll(tokenPattern)) {
    const text = match[0];
    if (text.startsWith('--') || text.startsWith('/*')) continue;
    const quote = match[1];
    const kind = quote ? 'dollar' : /^['"]/.test(text) ? 'string' : /^[A-Za-z_]/.test(text) ? 'word' : 'symbol';
    tokens.push({ text, start: match.index, end: match.index + text.length, kind, ...(quote && { quote }) });
  }
  return tokens;
}

/**
 * SQL as the database runs it, whatever its layout: comments dropped (also inside a function's
 * body), one space between tokens, keywords and unquoted names in lower case.
 */
function normalize(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.kind === 'word') return token.text.toLowerCase();
      if (!token.quote) return token.text;
      return `$$ ${normalize(tokenize(token.text.slice(token.quote.length, -token.quote.length)))} $$`;
    })
    .join(' ');
}

// What may follow a function's RETURNS clause; the arguments and the result come before them.
const optionWords = new Set(['language', 'as', 'immutable', 'stable', 'volatile', 'strict', 'called', 'security', 'parallel']);

export type FunctionDefinition = {
  name: string;
  /** The CREATE statement as written, comments included, with its semicolon. */
  statement: string;
  /** The statement normalised (normalize), CREATE and CREATE OR REPLACE alike. */
  normalized: string;
  /** The arguments and the result, normalised: when they change, CREATE OR REPLACE cannot replace the function. */
  signature: string;
};

type FunctionChange = { kind: 'create'; definition: FunctionDefinition } | { kind: 'drop'; name: string };

/** A script's statements, each as its tokens (the last one may lack its semicolon). */
function statementsOf(sql: string): Token[][] {
  const statements: Token[][] = [];
  let statement: Token[] = [];
  for (const token of tokenize(sql)) {
    statement.push(token);
    if (token.text !== ';') continue;
    statements.push(statement);
    statement = [];
  }
  return statement.length > 0 ? [...statements, statement] : statements;
}

/** What a statement does to a function: creates or drops it, or nothing. */
function functionChangeOf(sql: string, statement: Token[]): FunctionChange | undefined {
  const words = statement.map((token) => token.text.toLowerCase());
  if (words[0] === 'drop' && words[1] === 'function') {
    const dropped = words[words[2] === 'if' ? 4 : 2];
    return dropped === undefined ? undefined : { kind: 'drop', name: dropped };
  }
  const head = words[1] === 'or' && words[2] === 'replace' ? 3 : 1;
  const [create] = statement;
  const name = words[head + 1];
  if (words[0] !== 'create' || words[head] !== 'function' || !create || name === undefined) return undefined;
  const rest = statement.slice(head + 1);
  let depth = 0;
  let signatureEnd = rest.findIndex((token) => {
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
    return depth === 0 && token.kind === 'word' && optionWords.has(token.text.toLowerCase());
  });
  if (signatureEnd === -1) signatureEnd = rest.length;
  return {
    kind: 'create',
    definition: {
      name,
      statement: sql.slice(create.start, rest.at(-1)?.end),
      normalized: normalize([create, ...rest]),
      signature: normalize(rest.slice(0, signatureEnd)),
    },
  };
}

/** The function a file of packages/db/sql defines: exactly one CREATE FUNCTION, named as the file is. */
export function functionOfFile(fileName: string, sql: string): FunctionDefinition {
  const statements = statementsOf(sql);
  const name = path.basename(fileName, '.sql');
  const only = statements.length === 1 && statements[0] ? functionChangeOf(sql, statements[0]) : undefined;
  if (only?.kind !== 'create' || only.definition.name !== name) {
    throw new Error(`${fileName} must hold one CREATE OR REPLACE FUNCTION ${name}(...) statement and nothing else`);
  }
  return only.definition;
}

type Paths = { sqlDir: string; migrationsDir: string };
const defaultPaths: Paths = { sqlDir: sqlFunctionsDir, migrationsDir };

/** Each function's latest definition in the migrations, with the migration it is in; a dropped one is absent. */
async function definedByMigrations(dir: string): Promise<Map<string, { definition: FunctionDefinition; migration: string }>> {
  const migrations = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const defined = new Map<string, { definition: FunctionDefinition; migration: string }>();
  for (const migration of migrations) {
    const sql = await readFile(path.join(dir, migration, 'migration.sql'), 'utf8');
    for (const statement of statementsOf(sql)) {
      const change = functionChangeOf(sql, statement);
      if (change?.kind === 'drop') defined.delete(change.name);
      else if (change) defined.set(change.definition.name, { definition: change.definition, migration });
    }
  }
  return defined;
}

export type FunctionDrift = {
  file: string;
  definition: FunctionDefinition;
  /** The migration holding the latest definition, if any. */
  migration: string | undefined;
  /** The arguments or the result differ from that definition. */
  signatureChanged: boolean;
};

/** The files of packages/db/sql whose function differs from its latest definition in the migrations. */
export async function functionsAheadOfMigrations(paths: Paths = defaultPaths): Promise<FunctionDrift[]> {
  const defined = await definedByMigrations(paths.migrationsDir);
  const files = (await readdir(paths.sqlDir)).filter((file) => file.endsWith('.sql')).sort();
  const drifts: FunctionDrift[] = [];
  for (const file of files) {
    const definition = functionOfFile(file, await readFile(path.join(paths.sqlDir, file), 'utf8'));
    const latest = defined.get(definition.name);
    if (latest?.definition.normalized === definition.normalized) continue;
    drifts.push({
      file,
      definition,
      migration: latest?.migration,
      signatureChanged: latest !== undefined && latest.definition.signature !== definition.signature,
    });
  }
  return drifts;
}

/**
 * The migration SQL that brings the database's functions to packages/db/sql, or null when the
 * migrations already define them so: each changed function's CREATE OR REPLACE as its file has it,
 * after a DROP when its arguments or result changed (CREATE OR REPLACE cannot change those).
 */
export async function functionMigrationSql(paths: Paths = defaultPaths): Promise<string | null> {
  const drifts = await functionsAheadOfMigrations(paths);
  if (drifts.length === 0) return null;
  return drifts
    .map(({ file, definition, signatureChanged }) => {
      const source = `-- ${definition.name}, as packages/db/sql/${file} defines and documents it: change it there.\n`;
      const drop = signatureChanged
        ? `-- Its arguments or result changed, which CREATE OR REPLACE cannot do.\nDROP FUNCTION ${definition.name};\n\n`
        : '';
      return `${source}${drop}${definition.statement}\n`;
    })
    .join('\n');
}
