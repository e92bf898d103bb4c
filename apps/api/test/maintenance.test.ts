import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, startTestApp, type TestApp } from './harness.ts';
import { signIn, trpcQuery } from './console-support.ts';
import { authorizeThroughPage, exchangeCode, password, registerClient, tokenRequest } from './oauth-support.ts';
import { sendingWorkspace } from './sending-support.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2027, 0, 4, 10, 0);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(
    {
      JOB_RETENTION_DAYS: '7',
      EXPIRED_CREDENTIAL_RETENTION_DAYS: '20',
      // Smaller than what each generation below leaves behind, so pruning takes several batches.
      MAINTENANCE_BATCH_SIZE: '2',
      TOKEN_TTL_DAYS: '10',
      CONSOLE_SESSION_TTL_HOURS: '240',
      OAUTH_REFRESH_TOKEN_TTL_DAYS: '10',
    },
    // The workers (and with them the recurring maintenance job) start once the test has made its rows.
    { startJobs: false },
  );
});
afterAll(async () => {
  await app.close();
});

/**
 * At the clock's current time, a workspace with everything maintenance looks at: an API token and the
 * account's own, a console session, an OAuth code exchanged for an access and a refresh token, and a
 * message sent, delivered and reported through the job runner (finished jobs, ledger, events).
 */
async function generation() {
  const developer = await sendingWorkspace(app);
  const username = developer.account.account.username;
  const session = await signIn(app, username);
  const client = await registerClient(app);
  const grant = await exchangeCode(app, client, await authorizeThroughPage(app, client, { username, password }));
  expect(grant.status).toBe(200);
  // Two sends: their finished jobs are more than one batch of MAINTENANCE_BATCH_SIZE.
  const send = (body: string) =>
    call(app, 'POST', '/api/v1/messages', { token: developer.token, body: { phone_number: '+14155550123', body } });
  const sent = await send('Hello');
  expect([sent.status, (await send('Hello again')).status]).toEqual([202, 202]);
  await app.services.jobs.drain();
  return {
    ...developer,
    session,
    client,
    refreshToken: grant.body.refresh_token as string,
    messageId: sent.body.message.id as string,
  };
}

/** What a workspace has in each table maintenance prunes, and in the records it must keep. */
async function rowsOf(workspaceId: string) {
  const { prisma } = app.services;
  const where = { workspaceId };
  return {
    accessTokens: await prisma.accessToken.count({ where }),
    consoleSessions: await prisma.consoleSession.count({ where }),
    oauthCodes: await prisma.oAuthAuthorizationCode.count({ where }),
    oauthRefreshTokens: await prisma.oAuthRefreshToken.count({ where }),
    messages: await prisma.message.count({ where }),
    ledgerEntries: await prisma.ledgerEntry.count({ where }),
    events: await prisma.event.count({ where }),
  };
}

/** Finished jobs last touched in [from, to). */
function doneJobs(from: number, to: number) {
  return app.services.prisma.job.count({ where: { status: 'done', updatedAt: { gte: new Date(from), lt: new Date(to) } } });
}

describe('maintenance job', () => {
  it('prunes finished jobs and long-expired credentials in batches, keeps recent ones and every record, and recurs', async () => {
    app.clock.set(T0);
    const old = await generation();
    const deadJob = await app.services.prisma.job.create({
      data: {
        id: 'job_dead_for_good',
        queue: 'dispatch',
        payload: {},
        status: 'dead',
        runAt: new Date(T0),
        updatedAt: new Date(T0),
      },
    });
    app.clock.set(T0 + 35 * DAY);
    const recent = await generation();
    const [oldBefore, recentBefore] = [await rowsOf(old.workspaceId), await rowsOf(recent.workspaceId)];
    expect(await doneJobs(T0, T0 + DAY)).toBeGreaterThan(2);
    const recentDoneJobs = await doneJobs(T0 + 35 * DAY, T0 + 36 * DAY);
    expect(recentDoneJobs).toBeGreaterThan(2);

    // Day 40: the old generation's jobs finished 40 days ago (retention 7), its credentials expired
    // 30 (API, console) to 40 (OAuth) days ago (retention 20). The recent generation's jobs are 5 days
    // old; its OAuth access token and code expired only days ago, the rest is still valid.
    app.clock.set(T0 + 40 * DAY);
    await app.services.jobs.start();
    await app.services.jobs.drain();

    expect(await doneJobs(T0, T0 + DAY)).toBe(0);
    expect(await doneJobs(T0 + 35 * DAY, T0 + 36 * DAY)).toBe(recentDoneJobs);
    expect(await app.services.prisma.job.findUnique({ where: { id: deadJob.id } })).not.toBeNull();
    expect(await rowsOf(old.workspaceId)).toEqual({
      ...oldBefore,
      accessTokens: 0,
      consoleSessions: 0,
      oauthCodes: 0,
      oauthRefreshTokens: 0,
    });
    expect(await rowsOf(recent.workspaceId)).toEqual(recentBefore);

    // Everything recent still works; the old token is refused as before.
    expect((await call(app, 'GET', `/api/v1/messages/${recent.messageId}`, { token: recent.token })).status).toBe(200);
    expect((await trpcQuery(app, 'console.session', {}, recent.session)).status).toBe(200);
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: recent.client.client_id,
      refresh_token: recent.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect((await call(app, 'GET', `/api/v1/messages/${old.messageId}`, { token: old.token })).status).toBe(401);

    // Weeks later, the next period's run, which the running workers start on their own, prunes the
    // recent generation too (including what the refresh above issued), records still excepted.
    app.clock.set(T0 + 75 * DAY);
    const recentPruned = { ...recentBefore, accessTokens: 0, consoleSessions: 0, oauthCodes: 0, oauthRefreshTokens: 0 };
    await eventually(
      'the next maintenance run',
      async () =>
        (await doneJobs(T0 + 35 * DAY, T0 + 36 * DAY)) === 0 &&
        JSON.stringify(await rowsOf(recent.workspaceId)) === JSON.stringify(recentPruned),
      15_000,
    );
  });
});
