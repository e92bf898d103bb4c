import { afterAll, describe, expect, it } from 'vitest';
import { scaledMode } from './harness.ts';
import { apiEntry, deploymentEnvironment, freePort, runCleanups, startProcess, waitUntilHealthy } from './process-support.ts';

afterAll(runCleanups);

/** The `msg` of each JSON log line the process printed, in order. */
function messages(output: string[]): string[] {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg));
}

describe('the first start (npm start)', () => {
  it('says it is starting before the database is ready, then prints the URL it listens on', async () => {
    const port = await freePort();
    // A new data directory: the database is created on this start, as on a fresh clone.
    const environment = await deploymentEnvironment('first-start', { PORT: String(port), HOST: '0.0.0.0', LOG_LEVEL: 'info' });
    const api = startProcess(apiEntry, environment);
    await waitUntilHealthy(`http://127.0.0.1:${port}`, api);

    const said = messages(api.output);
    const starting = said.findIndex((message) => message.startsWith('Textline starting:'));
    const listening = said.indexOf(`Textline listening on http://localhost:${port}`);
    expect(starting, said.join('\n')).toBeGreaterThanOrEqual(0);
    expect(said[starting]).toContain(scaledMode ? 'PostgreSQL' : environment.DATA_DIR);
    expect(listening, said.join('\n')).toBeGreaterThan(starting);
  }, 120_000);
});
