import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acsEmailChannel, acsSmsChannel } from '../../api/src/messaging/acs.js';
import { vietnamMobileDigits, type OutgoingMessage } from '../../api/src/messaging/channel.js';
import { messageChannels } from '../../api/src/messaging/index.js';
import { zaloChannel } from '../../api/src/messaging/zalo.js';
import { testConfig } from '../support/useCaseHarness.js';

/**
 * The channel adapters against local fake servers (node:http): the Zalo ZNS call as Zalo documents it,
 * and the real ACS SDKs (EmailClient, SmsClient) pointed at a local endpoint with a key credential.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A fake service answering each request with `answer(request)`; returns its URL and what it saw. */
async function fakeService(answer: (seen: Seen, base: string) => Answer) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const reply = answer(request, base);
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen };
}

const MESSAGE: OutgoingMessage = {
  messageID: '3f2c1b6e-8a4d-4c1e-9f0a-1b2c3d4e5f60',
  recipient: { name: 'Lê Minh Tuấn', phoneNumber: '0987 654 321', email: 'tuan@example.vn' },
  subject: 'Nhà trọ Hoa Sen: Diễn tập phòng cháy',
  body: 'Chiều Chủ nhật lúc 16 giờ, cả nhà trọ tập trung ở sân.',
  link: 'https://nhatro.example/notifications',
};

/** An access key (what `AzureKeyCredential` holds): the SDKs sign each request with it (HMAC-SHA256). */
const KEY = { key: Buffer.from('local-fake-acs-access-key').toString('base64') };

describe('Zalo Notification Service (ZNS)', () => {
  it('posts the template message to /message/template with the token in the access_token header', async () => {
    const zalo = await fakeService(() => ({
      status: 200,
      body: { error: 0, message: 'Success', data: { msg_id: 'zns-123', sent_time: '1732600000000' } },
    }));
    const channel = zaloChannel({ accessToken: 'oa-token-abc', templateID: '245678', baseURL: zalo.base });
    const outcome = await channel.send(MESSAGE);
    expect(outcome).toEqual({ ok: true, to: '84987654321', reference: 'zns-123' });
    const [request] = zalo.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/message/template');
    expect(request?.headers['access_token']).toBe('oa-token-abc');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      phone: '84987654321',
      template_id: '245678',
      template_data: {
        title: MESSAGE.subject,
        content: `${MESSAGE.body}\n${MESSAGE.link}`,
      },
      tracking_id: MESSAGE.messageID,
    });
  });

  it('an unknown Zalo account is refused for good; a bad token or an outage may pass later', async () => {
    const replies: Answer[] = [
      { status: 200, body: { error: -118, message: 'Zalo account not existed' } },
      { status: 200, body: { error: -124, message: 'Access token invalid' } },
      { status: 503, body: {} },
    ];
    const zalo = await fakeService(() => replies.shift() as Answer);
    const channel = zaloChannel({ accessToken: 'oa-token-abc', templateID: '245678', baseURL: zalo.base });
    expect(await channel.send(MESSAGE)).toMatchObject({
      ok: false,
      permanent: true,
      error: 'Zalo từ chối (-118): Zalo account not existed',
    });
    expect(await channel.send(MESSAGE)).toMatchObject({ ok: false, permanent: false });
    expect(await channel.send(MESSAGE)).toMatchObject({
      ok: false,
      permanent: false,
      error: 'Zalo trả lời HTTP 503.',
    });
  });

  it('nothing is sent without a template or to a number that is not a Vietnamese mobile', async () => {
    const zalo = await fakeService(() => ({ status: 200, body: { error: 0 } }));
    const noTemplate = zaloChannel({ accessToken: 'oa-token-abc', baseURL: zalo.base });
    expect(await noTemplate.send(MESSAGE)).toMatchObject({ ok: false, permanent: true });
    const withTemplate = zaloChannel({ accessToken: 'oa-token-abc', templateID: '1', baseURL: zalo.base });
    expect(await withTemplate.send({ ...MESSAGE, recipient: { phoneNumber: '12345' } })).toMatchObject({
      ok: false,
      permanent: true,
    });
    expect(zalo.seen).toHaveLength(0);
  });

  it('reads the ways people write a Vietnamese mobile number', () => {
    expect(vietnamMobileDigits('0912 345 678')).toBe('84912345678');
    expect(vietnamMobileDigits('+84912345678')).toBe('84912345678');
    expect(vietnamMobileDigits('84-912-345-678')).toBe('84912345678');
    expect(vietnamMobileDigits('0212345678')).toBeUndefined();
    expect(vietnamMobileDigits(undefined)).toBeUndefined();
  });
});

describe('Azure Communication Services through the real SDKs', () => {
  it('e-mail: POST /emails:send with the outbox id as Operation-Id, HMAC-signed', async () => {
    const acs = await fakeService((request, base) =>
      request.url.startsWith('/emails:send')
        ? {
            status: 202,
            headers: { 'Operation-Location': `${base}/emails/operations/op-1?api-version=2025-09-01` },
            body: { id: request.headers['operation-id'], status: 'Running' },
          }
        : { status: 200, body: { id: 'op-1', status: 'Succeeded' } },
    );
    const channel = acsEmailChannel({
      endpoint: acs.base,
      sender: 'DoNotReply@nhatro.example',
      credential: KEY,
      clientOptions: { allowInsecureConnection: true },
    });
    const outcome = await channel.send(MESSAGE);
    expect(outcome).toMatchObject({ ok: true, to: 'tuan@example.vn' });
    const send = acs.seen.find((request) => request.url.startsWith('/emails:send'));
    expect(send?.method).toBe('POST');
    expect(send?.headers['operation-id']).toBe(MESSAGE.messageID);
    expect(send?.headers.authorization).toMatch(/^HMAC-SHA256 /);
    expect(JSON.parse(send?.body ?? '')).toEqual({
      senderAddress: 'DoNotReply@nhatro.example',
      content: { subject: MESSAGE.subject, plainText: `${MESSAGE.body}\n\n${MESSAGE.link}` },
      recipients: { to: [{ address: 'tuan@example.vn', displayName: 'Lê Minh Tuấn' }] },
    });
  });

  it('e-mail: a 400 (bad address) is refused for good, a 429 may pass later', async () => {
    const statuses = [400, 429];
    const acs = await fakeService(() => ({
      status: statuses.shift() ?? 500,
      body: { error: { code: 'BadRequest', message: 'Invalid recipient' } },
    }));
    const channel = acsEmailChannel({
      endpoint: acs.base,
      sender: 'DoNotReply@nhatro.example',
      credential: KEY,
      clientOptions: { allowInsecureConnection: true, retryOptions: { maxRetries: 0 } },
    });
    expect(await channel.send(MESSAGE)).toMatchObject({ ok: false, permanent: true });
    expect(await channel.send(MESSAGE)).toMatchObject({ ok: false, permanent: false });
  });

  it('SMS: POST /sms in E.164 from the ACS number, the link kept at the end', async () => {
    const acs = await fakeService(() => ({
      status: 202,
      body: { value: [{ to: '+84987654321', messageId: 'sms-1', httpStatusCode: 202, successful: true }] },
    }));
    const channel = acsSmsChannel({
      endpoint: acs.base,
      from: '+18005550100',
      credential: KEY,
      clientOptions: { allowInsecureConnection: true },
    });
    const long = { ...MESSAGE, body: 'Nội dung rất dài. '.repeat(40) };
    expect(await channel.send(long)).toEqual({ ok: true, to: '+84987654321', reference: 'sms-1' });
    const [request] = acs.seen;
    expect(request?.url).toMatch(/^\/sms\?api-version=/);
    expect(request?.headers.authorization).toMatch(/^HMAC-SHA256 /);
    const body = JSON.parse(request?.body ?? '') as {
      from: string;
      smsRecipients: Array<{ to: string }>;
      message: string;
      smsSendOptions: { tag: string };
    };
    expect(body.from).toBe('+18005550100');
    expect(body.smsRecipients.map((recipient) => recipient.to)).toEqual(['+84987654321']);
    expect(body.smsSendOptions.tag).toBe(MESSAGE.messageID);
    expect([...body.message].length).toBeLessThanOrEqual(300);
    expect(body.message.endsWith(` ${MESSAGE.link}`)).toBe(true);
  });

  it('SMS: a recipient the service refuses comes back as a failure', async () => {
    const acs = await fakeService(() => ({
      status: 202,
      body: {
        value: [
          {
            to: '+84987654321',
            httpStatusCode: 400,
            successful: false,
            errorMessage: 'Invalid To phone number',
          },
        ],
      },
    }));
    const channel = acsSmsChannel({
      endpoint: acs.base,
      from: '+18005550100',
      credential: KEY,
      clientOptions: { allowInsecureConnection: true },
    });
    expect(await channel.send(MESSAGE)).toMatchObject({
      ok: false,
      permanent: true,
      error: 'ACS SMS 400: Invalid To phone number',
    });
  });
});

describe('the channels of a deployment', () => {
  it('locally everything stays on the machine, even with a Zalo token typed in', async () => {
    const channels = messageChannels(testConfig(), { accessToken: 'oa-token-abc', templateID: '1' });
    for (const channel of Object.values(channels)) {
      expect(await channel.send(MESSAGE)).toEqual({ ok: true, to: 'local' });
    }
  });

  it('in Azure a channel without its settings refuses with the reason', async () => {
    const config = { ...testConfig(), environment: 'azure' as const };
    const channels = messageChannels(config, undefined);
    expect(await channels.zalo.send(MESSAGE)).toMatchObject({
      ok: false,
      permanent: true,
      error: /Zalo token/,
    });
    expect(await channels.email.send(MESSAGE)).toMatchObject({
      ok: false,
      permanent: true,
      error: /ACS_ENDPOINT/,
    });
  });
});
