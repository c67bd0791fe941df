import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../api/src/local/azurite.js';
import { createLocalHost } from '../../api/src/local/host.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { MSG, VIETNAMESE } from './helpers.js';

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request through node:http, which (unlike fetch) neither adds Accept-Encoding nor decodes. */
function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), {
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function jsonOf(reply: RawReply): { status?: boolean; errorMessage?: string } {
  return JSON.parse(reply.body.toString('utf8')) as { status?: boolean; errorMessage?: string };
}

function expectHostError(reply: RawReply, status: number, message?: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  const body = jsonOf(reply);
  expect(body.status).toBe(false);
  expect(body.errorMessage).toMatch(VIETNAMESE);
  if (message) expect(body.errorMessage).toBe(message);
}

let product: TestProduct;
let token: string;
let houseID: string;

beforeAll(async () => {
  product = await startTestProduct();
  const session = await apiClient(product.url).login('chunha', DEMO_PASSWORDS.chunha as string);
  token = session.token.accessToken;
  houseID = session.houses[0]?.houseID ?? '';
});
afterAll(async () => product?.stop());

describe('the local host’s own replies', () => {
  it('404 for an unknown API path, with nosniff and the error shape', async () => {
    expectHostError(await raw(product.url, '/api/Nothing/Here'), 404, MSG.routeNotFound);
  });

  it('405 for a known path and another method, with Allow', async () => {
    const reply = await raw(product.url, '/odata/House', { method: 'PUT' });
    expectHostError(reply, 405, MSG.methodNotAllowed);
    expect(reply.headers.allow).toContain('GET');
  });

  it('414 for a URL over the header limit, 431 for headers over it', async () => {
    expectHostError(await raw(product.url, `/odata/House?x=${'a'.repeat(20_000)}`), 414);
    expectHostError(
      await raw(product.url, '/odata/House', { headers: { 'x-big': 'b'.repeat(20_000) } }),
      431,
    );
  });
});

describe('compressed JSON replies', () => {
  const path = () => `/odata/Room?houseID=${houseID}`;

  it('brotli or gzip by Accept-Encoding, identity otherwise, the same JSON each way', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const plain = await raw(product.url, path(), { headers });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await raw(product.url, path(), { headers: { ...headers, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gzip = await raw(product.url, path(), { headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const strip = (text: string) => JSON.parse(text.replace(/"url":"[^"]*"/g, '"url":""')) as unknown;
    expect(strip(brotliDecompressSync(br.body).toString())).toEqual(strip(plain.body.toString()));
    expect(strip(gunzipSync(gzip.body).toString())).toEqual(strip(plain.body.toString()));
  });

  it('leaves replies under 1 KB as they are', async () => {
    const reply = await raw(product.url, '/api/Nothing', { headers: { 'accept-encoding': 'br' } });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expectHostError(reply, 404);
  });
});

describe('compressed static files', () => {
  let server: Server;
  let base: string;
  let dir: string;
  const script = `export const rooms = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `P${i}`))};\n`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nhatro-static-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Nhà trọ</title>');
    await writeFile(join(dir, 'app.js'), script);
    server = await createLocalHost({ staticDir: dir, maxBodyBytes: 1024 });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('serves brotli, gzip or the file itself by Accept-Encoding', async () => {
    const br = await raw(base, '/app.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await raw(base, '/app.js', { headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await raw(base, '/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // Small files go as they are.
    const small = await raw(base, '/index.html', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('413 for a body over the limit (1 KB here)', async () => {
    const reply = await raw(base, '/api/User/Login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(2048, 0x20),
    });
    expectHostError(reply, 413);
  });

  it('a missing asset is a 404 in the error shape', async () => {
    expectHostError(await raw(base, '/missing.js'), 404);
  });
});
