import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { createApiServer } from './app.ts';
import { closeHttpServer, closeOnSignals } from './lib/shutdown.ts';
import { limitHeapGrowth } from './lib/heap.ts';

const config = loadConfig();
limitHeapGrowth(config.heapGrowthPercent);
const services = await createServices(config);
const server = createApiServer(services);

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  // Without PUBLIC_BASE_URL, the sandbox carrier calls this server back over loopback.
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  services.selfUrl.current ??= `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
  services.log.info({ port, mode: config.mode, workers: config.runWorkers }, 'textline api listening');
});
// Embedded: the workers run here. Scaled: `npm run worker` runs them, unless RUN_WORKERS=1.
if (config.runWorkers) await services.jobs.start();

closeOnSignals(services, () => closeHttpServer(server));
