import { createServer } from 'node:http';
import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { createApp } from './app.ts';

const config = loadConfig();
const services = await createServices(config);
const server = createServer(createApp(services));

server.listen(config.port, config.host, () => {
  services.log.info({ port: config.port, mode: config.mode }, 'textline api listening');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log.info({ signal }, 'shutting down');
  server.close();
  server.closeIdleConnections();
  await services.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
