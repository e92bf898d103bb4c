import { parseArgs } from 'node:util';
import { developerScopes, isScope } from '@textline/contract';
import { loadConfig } from '../config.ts';
import { createServices } from '../services.ts';
import { adminCommands, type AdminCommandName } from './commands.ts';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  list-accounts                                         list accounts with workspace, tier, balance
  create-legacy-key --username U [--scopes a,b] [--name N]
                                                        create a txk_ key (printed once)
  set-tier --username U --tier starter|growth|scale|enterprise
  set-spend-cap --username U --cents N                  daily cap in cents ("default" to clear)
  set-number-throughput --number +1... --per-second N   segments a second the number is paced at, over
                                                        its type and registration ("default" to clear)
  credit --username U --cents N --reason R              add to the prepaid ledger
  debit --username U --cents N --reason R [--allow-negative]
                                                        take from the prepaid ledger; below zero
                                                        only with --allow-negative
  mark-invoice-paid --invoice ID [--url BASE_URL]       pay a sandbox funding invoice with a signed
                                                        funding.completed event: POSTed to the service
                                                        at BASE_URL (scaled mode), else verified and
                                                        stored for the service's provider_event job
`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    scopes: { type: 'string' },
    name: { type: 'string' },
    tier: { type: 'string' },
    cents: { type: 'string' },
    reason: { type: 'string' },
    invoice: { type: 'string' },
    url: { type: 'string' },
    number: { type: 'string' },
    'per-second': { type: 'string' },
    'allow-negative': { type: 'boolean' },
    help: { type: 'boolean' },
  },
});

const command = positionals[0] as AdminCommandName | undefined;
if (!command || values.help || !(command in adminCommands)) {
  console.log(usage);
  process.exit(command && !values.help ? 2 : 0);
}

const scopes = values.scopes ? values.scopes.split(',').map((scope) => scope.trim()) : [...developerScopes];
const unknownScope = scopes.find((scope) => !isScope(scope));
if (unknownScope) {
  console.error(`Unknown scope: ${unknownScope}`);
  process.exit(2);
}

/** Failures reach the operator as their message, not a stack trace. */
function report(error: unknown): void {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}

// Opening fails when, for one, the running embedded server holds the PGlite data directory's lock.
const services = await (async () => createServices(loadConfig(process.env, { servesHttp: false }), {}))().catch(report);
if (!services) process.exit();
try {
  const { 'allow-negative': allowNegative, 'per-second': perSecond, ...options } = values;
  const output = await adminCommands[command](services, { ...options, allowNegative, perSecond, scopes: scopes.filter(isScope) });
  console.log(typeof output === 'string' ? output : JSON.stringify(output, null, 2));
} catch (error) {
  report(error);
} finally {
  await services.close();
}
