import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { closeStarted, startTestApp, type TestApp } from './harness.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-standin.ts';

export type AppOnTwilio = { app: TestApp; standIn: TwilioStandIn; authToken: string };

/**
 * Runs the file's tests against an app whose carrier is the Twilio stand-in (new credentials for
 * the file, live number purchases allowed), reached back at `publicBaseUrl`: starts both before the
 * tests and hands them to `started`, closes both after them (after the file's own afterAll).
 */
export function onTwilioStandIn(publicBaseUrl: string, started: (appOnTwilio: AppOnTwilio) => void): void {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  let standIn: TwilioStandIn | undefined;
  let app: TestApp;
  beforeAll(async () => {
    standIn = await startTwilioStandIn({ accountSid, authToken, now: () => app.clock.now() });
    app = await startTestApp(standIn.appEnvironment(publicBaseUrl, { ALLOW_LIVE_NUMBER_PURCHASE: '1' }));
    standIn.forward(publicBaseUrl, app.baseUrl);
    started({ app, standIn, authToken });
  });
  afterAll(async () => {
    // beforeAll may have stopped before it started the app.
    await closeStarted(app);
    await closeStarted(standIn);
  });
}
