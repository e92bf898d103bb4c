import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { createApiServer } from './app.ts';
import { closeHttpServer, closeOnSignals } from './lib/shutdown.ts';
import { limitHeapGrowth } from './lib/heap.ts';
import { createLogger } from './lib/logger.ts';

const STILL_STARTING_EVERY_MS = 10_000;

const config = loadConfig();
limitHeapGrowth(config.heapGrowthPercent);
const log = createLogger(config.logLevel);
// The first embedded start creates its database (initdb and every migration), which takes a while on
// a slow machine: whoever ran `npm start` sees that it is working, not a silent terminal.
log.info(
  { mode: config.mode },
  config.databaseUrl
    ? 'Textline starting: connecting to PostgreSQL and applying pending migrations'
    : `Textline starting: opening the embedded database in ${config.dataDir} (the first start creates it, which can take a minute)`,
);
const startedAt = Date.now();
const stillStarting = setInterval(
  () => log.info(`Textline still starting: preparing the database (${Math.round((Date.now() - startedAt) / 1000)} s)`),
  STILL_STARTING_EVERY_MS,
);
const services = await createServices(config, { log }).finally(() => clearInterval(stillStarting));
const server = createApiServer(services);

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  // Without PUBLIC_BASE_URL, the sandbox carrier calls this server back over loopback.
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  services.selfUrl.current ??= `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
  // Where a person on this machine opens it: every interface includes localhost.
  const local = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
  services.log.info({ url, port, mode: config.mode, workers: config.runWorkers }, `Textline listening on ${url}`);
});
// Before the workers start: a SIGTERM while they start (a first job may already be running) shuts down cleanly.
closeOnSignals(services, () => closeHttpServer(server));
// Embedded: the workers run here. Scaled: `npm run worker` runs them, unless RUN_WORKERS=1.
if (config.runWorkers) await services.jobs.start();
