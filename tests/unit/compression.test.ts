import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compress,
  CompressedFileCache,
  isCompressible,
  negotiateEncoding,
} from '../../api/src/local/compression.js';

describe('negotiateEncoding (Accept-Encoding)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.3, gzip', 'gzip'],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
    ['gzip;q=abc', undefined],
    [' gzip ; q=0.2 , br ; q=0.1 ', 'gzip'],
  ] as const)('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it('compresses text, JSON, JavaScript and SVG, not images, fonts or spreadsheets', () => {
    expect(isCompressible('application/json; charset=utf-8')).toBe(true);
    expect(isCompressible('text/javascript; charset=utf-8')).toBe(true);
    expect(isCompressible('text/html; charset=utf-8')).toBe(true);
    expect(isCompressible('image/svg+xml')).toBe(true);
    expect(isCompressible('application/manifest+json')).toBe(true);
    expect(isCompressible('image/png')).toBe(false);
    expect(isCompressible('font/woff2')).toBe(false);
    expect(isCompressible('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isCompressible(undefined)).toBe(false);
  });
});

describe('compress', () => {
  const data = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ roomName: `P${i}` }))));

  it('round-trips with brotli and gzip at both levels', async () => {
    for (const level of ['fast', 'small'] as const) {
      expect(brotliDecompressSync(await compress(data, 'br', level))).toEqual(data);
      expect(gunzipSync(await compress(data, 'gzip', level))).toEqual(data);
    }
  });
});

describe('CompressedFileCache', () => {
  it('compresses a file once per version and encoding', async () => {
    const cache = new CompressedFileCache();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return Buffer.from('x'.repeat(5000));
    };
    const first = await cache.get('/a.js', 'v1', 'br', read);
    const again = await cache.get('/a.js', 'v1', 'br', read);
    expect(again).toBe(first);
    expect(reads).toBe(1);
    await cache.get('/a.js', 'v1', 'gzip', read);
    await cache.get('/a.js', 'v2', 'br', read);
    expect(reads).toBe(3);
    expect(brotliDecompressSync(first).toString()).toBe('x'.repeat(5000));
  });

  it('does not keep a failed read', async () => {
    const cache = new CompressedFileCache();
    await expect(cache.get('/b.js', 'v1', 'gzip', () => Promise.reject(new Error('gone')))).rejects.toThrow(
      'gone',
    );
    const data = await cache.get('/b.js', 'v1', 'gzip', async () => Buffer.from('ok'));
    expect(gunzipSync(data).toString()).toBe('ok');
  });
});
