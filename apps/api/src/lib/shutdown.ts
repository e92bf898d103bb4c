import type { Services } from '../services.ts';

/** On SIGTERM / SIGINT: run `stopAccepting` (e.g. close the HTTP server), then close services (jobs first) and exit. */
export function closeOnSignals(services: Services, stopAccepting: () => void = () => undefined): void {
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, 'shutting down');
    stopAccepting();
    await services.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
