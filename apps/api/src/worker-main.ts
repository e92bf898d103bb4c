import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { closeOnSignals } from './lib/shutdown.ts';
import { limitHeapGrowth } from './lib/heap.ts';

/**
 * `npm run worker`: job workers without an HTTP server, for the scaled mode (BullMQ on REDIS_URL,
 * rows in DATABASE_URL). Run as many as needed; they share the work through the database claims.
 */
const config = loadConfig(process.env, { servesHttp: false });
limitHeapGrowth(config.heapGrowthPercent);
const services = await createServices(config);
await services.jobs.start();
services.log.info({ mode: services.config.mode }, 'textline workers running');
closeOnSignals(services);
