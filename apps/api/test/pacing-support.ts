import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Runs the file's tests against an app that paces sends (SENDER_PACING=on) with its clock standing
 * still and its workers off, so every slot and estimate is exact: starts it before the tests and
 * hands it to `started`, closes it after them.
 */
export function onStillPacedApp(started: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp({ SENDER_PACING: 'on' }, { startJobs: false });
    started(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** The time `ms` after the app's clock, as the API writes times. */
export function clockPlus(app: TestApp, ms: number): string {
  return new Date(app.clock.now() + ms).toISOString();
}
