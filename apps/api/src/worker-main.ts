import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { closeOnSignals } from './lib/shutdown.ts';
import { limitHeapGrowth } from './lib/heap.ts';
import { serveWorkerMetrics } from './metrics/route.ts';

/**
 * `npm run worker`: job workers without an HTTP server, for the scaled mode (BullMQ on REDIS_URL,
 * rows in DATABASE_URL). Run as many as needed; they share the work through the database claims.
 */
const config = loadConfig(process.env, { servesHttp: false });
limitHeapGrowth(config.heapGrowthPercent);
const services = await createServices(config);
const metricsServer =
  services.metrics && config.metricsToken && config.workerMetricsPort
    ? serveWorkerMetrics(services.metrics, config.metricsToken, config.workerMetricsPort, services.log)
    : undefined;
// Before the workers start: a SIGTERM while they start (a first job may already be running) shuts down cleanly.
closeOnSignals(services, async () => {
  metricsServer?.close();
});
await services.jobs.start();
services.log.info({ mode: services.config.mode }, 'textline workers running');
