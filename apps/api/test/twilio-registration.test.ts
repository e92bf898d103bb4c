import { describe, expect, it } from 'vitest';
import { call, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { brandBody, useCaseBody } from './registration-support.ts';
import { sendingWorkspace } from './sending-support.ts';
import type { TwilioStandIn } from './twilio-standin.ts';
import { onTwilioStandIn } from './twilio-support.ts';

const PUBLIC_BASE_URL = 'https://registration.example.test';
// Twilio is asked for a decision a minute after a submission, then hourly.
const FIRST_CHECK_MS = 60_000;
const POLL_MS = 3_600_000;

let standIn: TwilioStandIn;
let app: TestApp;
onTwilioStandIn(PUBLIC_BASE_URL, (started) => ({ app, standIn } = started));

async function advance(ms: number) {
  app.clock.advance(ms);
  await app.services.jobs.drain();
}

const lastOf = (prefix: string) => standIn.registrationsOf(prefix).at(-1)!;

describe('sender registration on Twilio', () => {
  it('refuses a send to a US number from an unregistered number, and not to another country', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const bought = await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body: { area_code: '415' } });
    expect(bought.body.number.registration).toEqual({ status: 'unregistered', use_case_id: null, reasons: [] });
    const refused = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550123', body: 'Your table is ready.' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'sender_not_registered',
      fix: expect.stringContaining('POST /api/v1/use-cases/{id}/numbers'),
      retry: 'retry_after_sender_ready',
    });
    const allowed = await call(app, 'PATCH', '/api/v1/messaging-settings', {
      token: developer.token,
      body: { allowed_countries: ['US', 'GB'] },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const abroad = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+447400123456', body: 'Your table is ready.' },
    });
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(202);

    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'messages:write']);
    const client = await connectMcp(app, token);
    try {
      const result = await client.callTool({ name: 'send_message', arguments: { phone_number: '+14155550123', body: 'Hi' } });
      expect(result.isError).toBe(true);
      expect(toolError(result)).toMatchObject({
        code: 'sender_not_registered',
        fix: expect.stringContaining('assign_number_to_use_case'),
      });
    } finally {
      await client.close();
    }
  });

  it('sends from the approved number when the workspace also has an unregistered one, and names it in the preview', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const buy = async () =>
      (await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body: { area_code: '512' } })).body.number;
    // The unregistered number is older and never used: the least recently used order alone would pick it.
    await buy();
    app.clock.advance(1);
    const approved = await buy();
    await app.services.prisma.phoneNumber.update({ where: { id: approved.id }, data: { registrationStatus: 'approved' } });

    const recipients = ['+14155550124', '+14155550125', '+14155550126'];
    const preview = await call(app, 'POST', '/api/v1/messages/preview', {
      token: developer.token,
      body: { phone_number: recipients[0], body: 'Your order shipped.' },
    });
    expect(preview.body.preview).toMatchObject({ verdict: 'accept', sender_number: approved.number, blockers: [] });
    for (const phoneNumber of recipients) {
      const sent = await call(app, 'POST', '/api/v1/messages', {
        token: developer.token,
        body: { phone_number: phoneNumber, body: 'Your order shipped.' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      app.clock.advance(1_200);
    }
    await app.services.jobs.drain();
    const sentFrom = standIn.messages.filter((message) => recipients.includes(message.to)).map((message) => message.from);
    expect(sentFrom).toEqual(recipients.map(() => approved.number));
  });

  it('registers the brand through Trust Hub and A2P, the use case as a campaign of its own service, and sends once assigned', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const number = (await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body: { area_code: '212' } })).body
      .number;

    const brand = await call(app, 'POST', '/api/v1/brands', { token: developer.token, body: brandBody() });
    expect(brand.status).toBe(201);
    const customerProfile = standIn.registrationsOf('BU').at(-2)!;
    const registration = lastOf('BN');
    expect(standIn.registrationsOf('IT').at(-2)).toMatchObject({
      type: 'customer_profile_business_information',
      attributes: expect.stringContaining('"business_registration_number":"12-3456789"'),
    });
    expect(registration).toMatchObject({ customer_profile_bundle_sid: customerProfile.sid, brand_type: 'STANDARD' });
    expect(standIn.registrationsOf('BU').every((bundle) => bundle.status === 'pending-review')).toBe(true);

    // Still pending at Twilio: asked again an hour later.
    await advance(FIRST_CHECK_MS);
    const pending = await call(app, 'GET', `/api/v1/brands/${brand.body.brand.id}`, { token: developer.token });
    expect(pending.body.brand.status).toBe('pending');
    standIn.decide(String(registration.sid), { status: 'APPROVED' });
    await advance(POLL_MS);
    const verified = await call(app, 'GET', `/api/v1/brands/${brand.body.brand.id}`, { token: developer.token });
    expect(verified.body.brand.status).toBe('verified');

    const useCase = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brand.body.brand.id),
    });
    expect(useCase.status).toBe(201);
    const campaign = lastOf('QE');
    expect(campaign).toMatchObject({
      brand_registration_sid: registration.sid,
      us_app_to_person_usecase: 'ACCOUNT_NOTIFICATION',
      message_samples: useCaseBody('').sample_messages,
      has_embedded_phone: 'true',
    });
    const assigned = await call(app, 'POST', `/api/v1/use-cases/${useCase.body.use_case.id}/numbers`, {
      token: developer.token,
      body: { number_id: number.id },
    });
    expect(assigned.body.number.registration.status).toBe('pending');
    expect(standIn.service(String(campaign.messaging_service_sid))?.phoneNumberSids).toHaveLength(1);

    standIn.decide(String(campaign.sid), {
      campaign_status: 'VERIFIED',
      rate_limits: { att: { mps: '75', msg_class: 'A' }, tmobile: { brand_tier: 'TOP', brand_daily_cap: 200000 } },
    });
    await advance(FIRST_CHECK_MS);
    const approved = await call(app, 'GET', `/api/v1/use-cases/${useCase.body.use_case.id}`, { token: developer.token });
    expect(approved.body.use_case).toMatchObject({
      status: 'approved',
      throughput: { messages_per_minute: 4500, daily_cap: 200000 },
    });
    const numbers = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(numbers.body.numbers[0].registration.status).toBe('approved');
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550123', body: 'Your cleaning is tomorrow.' },
    });
    expect(sent.status).toBe(202);

    await call(app, 'DELETE', `/api/v1/use-cases/${useCase.body.use_case.id}/numbers/${number.id}`, { token: developer.token });
    expect(standIn.service(String(campaign.messaging_service_sid))?.phoneNumberSids).toEqual([]);
    const refused = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550123', body: 'Your cleaning is tomorrow.' },
    });
    expect(refused.body.error.code).toBe('sender_not_registered');
  });

  it("maps Twilio's rejection of a campaign to reasons naming our fields", async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const brand = await call(app, 'POST', '/api/v1/brands', { token: developer.token, body: brandBody() });
    standIn.decide(String(lastOf('BN').sid), { status: 'APPROVED' });
    await advance(FIRST_CHECK_MS);
    const useCase = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brand.body.brand.id),
    });
    standIn.decide(String(lastOf('QE').sid), {
      campaign_status: 'FAILED',
      errors: [{ code: 30896, description: 'The opt-in flow is not verifiable.', fields: ['MESSAGE_FLOW'] }],
    });
    await advance(FIRST_CHECK_MS);
    const rejected = await call(app, 'GET', `/api/v1/use-cases/${useCase.body.use_case.id}`, { token: developer.token });
    expect(rejected.body.use_case).toMatchObject({
      status: 'rejected',
      rejection_reasons: [
        {
          code: 'twilio_30896',
          field: 'message_flow',
          message: 'The opt-in flow is not verifiable.',
          fix: expect.stringContaining('Correct message_flow'),
        },
      ],
    });

    // Corrected: the failed campaign gives way to a new one in the same Messaging Service. A correction
    // whose new campaign Twilio did not take changes nothing here, and the next one goes through.
    const failed = lastOf('QE');
    const messageFlow =
      'Patients tick an unchecked box for text reminders at https://example.com/book, shown in the booking form.';
    const correct = () =>
      call(app, 'PATCH', `/api/v1/use-cases/${useCase.body.use_case.id}`, {
        token: developer.token,
        body: { message_flow: messageFlow },
      });
    standIn.failNext('POST', '/Compliance/Usa2p', { status: 500, code: 20500, message: 'Internal Server Error' });
    const unanswered = await correct();
    expect(unanswered.status).toBe(503);
    expect(unanswered.body.error.code).toBe('provider_unavailable');
    const corrected = await correct();
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.use_case.status).toBe('pending');
    const resubmitted = lastOf('QE');
    expect(standIn.registration(String(failed.sid))).toBeUndefined();
    expect(resubmitted).toMatchObject({ messaging_service_sid: failed.messaging_service_sid, message_flow: messageFlow });
    standIn.decide(String(resubmitted.sid), { campaign_status: 'VERIFIED', rate_limits: { att: { mps: '75' } } });
    await advance(FIRST_CHECK_MS);
    const approved = await call(app, 'GET', `/api/v1/use-cases/${useCase.body.use_case.id}`, { token: developer.token });
    expect(approved.body.use_case).toMatchObject({ status: 'approved', rejection_reasons: [] });
  });

  it('registers a corrected brand anew when Twilio failed the first', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const brand = await call(app, 'POST', '/api/v1/brands', { token: developer.token, body: brandBody() });
    const first = lastOf('BN');
    standIn.decide(String(first.sid), {
      status: 'FAILED',
      errors: [{ code: 30794, description: 'The EIN does not match the legal name.', fields: ['EIN'] }],
    });
    await advance(FIRST_CHECK_MS);
    const path = `/api/v1/brands/${brand.body.brand.id}`;
    expect((await call(app, 'GET', path, { token: developer.token })).body.brand.rejection_reasons).toEqual([
      expect.objectContaining({ field: 'tax_id', fix: expect.stringContaining('update_brand') }),
    ]);
    const corrected = await call(app, 'PATCH', path, { token: developer.token, body: { tax_id: '98-7654321' } });
    expect(corrected.body.brand.status).toBe('pending');
    const second = lastOf('BN');
    expect(second.sid).not.toBe(first.sid);
    expect(standIn.registrationsOf('IT').at(-2)).toMatchObject({
      attributes: expect.stringContaining('"business_registration_number":"98-7654321"'),
    });
    standIn.decide(String(second.sid), { status: 'APPROVED' });
    await advance(FIRST_CHECK_MS);
    expect((await call(app, 'GET', path, { token: developer.token })).body.brand.status).toBe('verified');
  });

  it('searches, buys and verifies a toll-free number through Tollfree Verifications', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const search = await call(app, 'GET', '/api/v1/numbers/available?type=toll_free&limit=1', { token: developer.token });
    expect(search.body.available_numbers).toEqual([expect.objectContaining({ number: '+18335550100', type: 'toll_free' })]);
    const bought = await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body: { type: 'toll_free' } });
    expect(bought.body.number).toMatchObject({ type: 'toll_free', registration: { status: 'unregistered' } });
    const brand = await call(app, 'POST', '/api/v1/brands', { token: developer.token, body: brandBody() });
    const submitted = await call(app, 'POST', `/api/v1/numbers/${bought.body.number.id}/toll-free-verification`, {
      token: developer.token,
      body: {
        brand_id: brand.body.brand.id,
        use_case: 'delivery_notifications',
        description: 'Delivery updates for customers who ordered online and asked for texts.',
        sample_messages: ['Example: your order shipped.', 'Example: your order was delivered.'],
        message_flow: 'Customers tick an unchecked box for delivery texts at checkout.',
        monthly_volume: 5000,
      },
    });
    expect(submitted.body.number.registration.status).toBe('pending');
    const verification = lastOf('HH');
    expect(verification).toMatchObject({
      business_name: 'Example Dental LLC',
      use_case_categories: 'DELIVERY_NOTIFICATION',
      message_volume: '10,000',
      opt_in_type: 'WEB_FORM',
    });
    standIn.decide(String(verification.sid), {
      status: 'TWILIO_REJECTED',
      rejection_reason: 'Sample messages lack the brand name.',
    });
    await advance(FIRST_CHECK_MS);
    const numbers = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(numbers.body.numbers[0].registration).toMatchObject({
      status: 'rejected',
      reasons: [{ message: 'Sample messages lack the brand name.', field: null }],
    });
  });
});
