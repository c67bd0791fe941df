import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to answer with, from the client's `Accept-Encoding` (RFC 9110 §12.5.3): the
 * acceptable one (q > 0) with the highest weight, brotli before gzip on a tie; `*` stands for
 * any encoding not named. `undefined` means identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...parameters] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=').map((text) => text.trim());
      if (key?.toLowerCase() === 'q') {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, weight);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((encoding) => weightOf(encoding) > 0);
  let best: Encoding | undefined;
  for (const encoding of candidates) {
    if (!best || weightOf(encoding) > weightOf(best)) best = encoding;
  }
  return best;
}

/** Text-like types worth compressing; images, fonts and spreadsheets are compressed already. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'image/svg+xml' ||
    type === 'application/xml'
  );
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses in the thread pool. `level: 'fast'` for replies made per request (brotli 4, gzip 6:
 * a few milliseconds for 300 KB of JSON), `'small'` for static files compressed once and cached
 * (brotli 9, gzip 9: brotli 11 takes seconds for a large bundle and saves a few per cent more).
 */
export function compress(data: Uint8Array, encoding: Encoding, level: 'fast' | 'small'): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: level === 'fast' ? 4 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    });
  }
  return gzipAsync(data, { level: level === 'fast' ? 6 : 9 });
}

/** Compressed static files, by path, version and encoding; a changed file (size, mtime) is compressed again. */
export class CompressedFileCache {
  private readonly entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxEntries = 500) {}

  get(file: string, version: string, encoding: Encoding, read: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${encoding}\u0000${version}\u0000${file}`;
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = read().then((data) => compress(data, encoding, 'small'));
      // A failure is not cached: the next request tries again.
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
    }
    return entry;
  }
}
