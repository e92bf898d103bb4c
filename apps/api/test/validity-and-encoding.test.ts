import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSegments } from '../src/domain/messages/segments.ts';
import { applySmartEncoding, smartEncodingTable } from '../src/domain/messages/smart-encoding.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { connectMcp } from './mcp-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * validity_seconds and smart_encoding on POST /api/v1/messages, POST /api/v1/messages/preview and
 * their MCP tools. Workers stay off: a test moves the clock and drains the jobs itself.
 */

let app: TestApp;
let price: number;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

/** Moves the clock `ms` on and runs every job due by then. */
async function runFor(ms: number) {
  app.clock.advance(ms);
  await app.services.jobs.drain();
}

async function balanceOf(workspaceId: string) {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

function getMessage(token: string, id: string) {
  return call(app, 'GET', `/api/v1/messages/${id}`, { token });
}

describe('POST /api/v1/messages with validity_seconds', () => {
  it('fails a message still waiting for the carrier when its validity runs out: expired, refunded, with its webhook event', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const sent = await send(app, developer.token, sms({ body: 'Your code is 123456', validity_seconds: 60 }));
    expect(sent.status).toBe(202);
    const id: string = sent.body.message.id;
    const accepted = await getMessage(developer.token, id);
    expect(accepted.body.message).toMatchObject({ status: 'queued', expires_at: expect.any(String) });
    expect(Date.parse(accepted.body.message.expires_at) - Date.parse(accepted.body.message.created_at)).toBe(60_000);
    expect(await balanceOf(developer.workspaceId)).toBe(1_000 - price);

    // The worker reaches it only after its minute (a backlog, a paced sender).
    await runFor(60_001);
    const expired = await getMessage(developer.token, id);
    expect(expired.body.message).toMatchObject({ status: 'failed', error_code: 'expired', failed_at: expect.any(String) });
    expect(await balanceOf(developer.workspaceId)).toBe(1_000);
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId: id } })).toBe(0);
    const events = await app.services.prisma.event.findMany({
      where: { workspaceId: developer.workspaceId, type: 'message.failed' },
    });
    expect(events.map((event) => event.data)).toEqual([
      { message: expect.objectContaining({ id, error_code: 'expired' }), sequence: 1, occurred_at: expect.any(String) },
    ]);
  });

  it('sends a message that reaches the carrier within its validity', async () => {
    const developer = await sendingWorkspace(app);
    const sent = await send(app, developer.token, sms({ validity_seconds: 60 }));
    await runFor(59_000);
    const message = (await getMessage(developer.token, sent.body.message.id)).body.message;
    expect(message.status).not.toBe('failed');
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId: sent.body.message.id } })).toBe(1);
  });

  it('defaults to 36,000 seconds, and counts a scheduled send from its send_at', async () => {
    const developer = await sendingWorkspace(app);
    const now = await send(app, developer.token, sms());
    const nowMessage = (await getMessage(developer.token, now.body.message.id)).body.message;
    expect(Date.parse(nowMessage.expires_at) - Date.parse(nowMessage.created_at)).toBe(36_000_000);

    const sendAt = new Date(app.clock.now() + 3_600_000).toISOString();
    const later = await send(app, developer.token, sms({ send_at: sendAt, validity_seconds: 120 }));
    const laterMessage = (await getMessage(developer.token, later.body.message.id)).body.message;
    expect(laterMessage.expires_at).toBe(new Date(Date.parse(sendAt) + 120_000).toISOString());
  });

  it('refuses a validity outside 60 to 36,000 seconds, naming the field', async () => {
    const developer = await sendingWorkspace(app);
    for (const validity of [59, 36_001, 1.5]) {
      const refused = await send(app, developer.token, sms({ validity_seconds: validity }));
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: 'validity_seconds' })],
      });
    }
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('takes validity_seconds over MCP, and get_message shows when it expires', async () => {
    const developer = await sendingWorkspace(app);
    const client = await connectMcp(app, developer.token);
    try {
      const sent = await client.callTool({ name: 'send_message', arguments: { ...sms(), validity_seconds: 300 } });
      const { message } = sent.structuredContent as { message: { id: string } };
      const got = await client.callTool({ name: 'get_message', arguments: { id: message.id } });
      const shown = (got.structuredContent as { message: { created_at: string; expires_at: string } }).message;
      expect(Date.parse(shown.expires_at) - Date.parse(shown.created_at)).toBe(300_000);
    } finally {
      await client.close();
    }
  });
});

describe('smart_encoding: POST /api/v1/messages and POST /api/v1/messages/preview', () => {
  const typographic = 'It\u2019s ready \u2014 \u201Ccome\u201D by\u2026';

  it('replaces typographic characters with GSM-7 ones and sends the replaced body at the GSM-7 price', async () => {
    const developer = await sendingWorkspace(app);
    // 80 characters of UCS-2 are two segments; replaced, they fit in one GSM-7 segment.
    const body = `${typographic} ${'a'.repeat(80 - typographic.length - 1)}`;
    const plain = await send(app, developer.token, sms({ body }));
    const smart = await send(app, developer.token, sms({ body, smart_encoding: true }));
    const [plainMessage, smartMessage] = await Promise.all(
      [plain, smart].map(async (sent) => (await getMessage(developer.token, sent.body.message.id)).body.message),
    );
    expect(plainMessage).toMatchObject({ body, segments: 2, cost_cents: 2 * price });
    expect(smartMessage).toMatchObject({
      body: body.replace(typographic, 'It\'s ready - "come" by...'),
      segments: 1,
      cost_cents: price,
    });
    await runFor(0);
    const carried = await app.services.prisma.sandboxMessage.findUniqueOrThrow({ where: { messageId: smart.body.message.id } });
    expect(carried.messageId).toBe(smartMessage.id);
  });

  it('previews each replacement and the segments and cost with and without it', async () => {
    const developer = await sendingWorkspace(app);
    const asked = await call(app, 'POST', '/api/v1/messages/preview', {
      token: developer.token,
      body: sms({ body: typographic, smart_encoding: true }),
    });
    expect(asked.status).toBe(200);
    expect(asked.body.preview).toMatchObject({
      kind: 'sms',
      body: 'It\'s ready - "come" by...',
      encoding: 'gsm7',
      ucs2_characters: [],
      smart_encoding: {
        applied: true,
        replacements: [
          { character: '\u2019', replacement: "'", index: 2 },
          { character: '\u2014', replacement: '-', index: 11 },
          { character: '\u201C', replacement: '"', index: 13 },
          { character: '\u201D', replacement: '"', index: 18 },
          { character: '\u2026', replacement: '...', index: 22 },
        ],
        with: { encoding: 'gsm7', segments: 1, cost_cents: price },
        without: { encoding: 'ucs2', segments: 1, cost_cents: price },
      },
    });
    // Not asked for: the body is previewed as written, and the preview says what smart encoding would change.
    const notAsked = await call(app, 'POST', '/api/v1/messages/preview', {
      token: developer.token,
      body: sms({ body: typographic }),
    });
    expect(notAsked.body.preview).toMatchObject({ body: typographic, encoding: 'ucs2', smart_encoding: { applied: false } });
    expect(notAsked.body.preview.smart_encoding.replacements).toHaveLength(5);
  });

  it('previews over MCP with the same arguments', async () => {
    const developer = await sendingWorkspace(app);
    const client = await connectMcp(app, developer.token);
    try {
      const result = await client.callTool({
        name: 'preview_message',
        arguments: { ...sms({ body: typographic }), smart_encoding: true },
      });
      expect(result.structuredContent).toMatchObject({ preview: { encoding: 'gsm7', smart_encoding: { applied: true } } });
    } finally {
      await client.close();
    }
  });

  it('refuses a body that smart encoding leaves blank', async () => {
    const developer = await sendingWorkspace(app);
    const refused = await send(app, developer.token, sms({ body: '\u200B\u00AD\u200B', smart_encoding: true }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'body', message: expect.any(String) }],
    });
  });

  it('maps every character of its table, each outside GSM-7, to GSM-7 text', () => {
    for (const { characters, replacement } of smartEncodingTable) {
      for (const character of characters) {
        expect(countSegments(`x${character}`).encoding, `U+${character.codePointAt(0)!.toString(16)}`).toBe('UCS-2');
        const encoded = applySmartEncoding(`x${character}`).body;
        expect(encoded).toBe(`x${replacement}`);
        expect(countSegments(encoded).encoding).toBe('GSM-7');
      }
    }
  });
});
