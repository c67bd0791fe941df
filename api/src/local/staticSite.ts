import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { MESSAGES } from '@nhatro/common';
import {
  type CompressedFileCache,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from './compression.js';
import type { LocalHostOptions } from './host.js';
import { sendError } from './replies.js';

/**
 * The built SPA as Static Web Apps serves it: files with their types and caching, compressed when
 * worth it, the navigation fallback to index.html and the global headers of staticwebapp.config.json.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface StaticSite {
  root: string;
  config: {
    navigationFallback?: { rewrite: string; exclude?: string[] };
    globalHeaders?: Record<string, string>;
  };
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]+)\}/g, (_, alternatives: string) => `(${alternatives.split(',').join('|')})`)
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

export async function loadStaticSite(
  options: Pick<LocalHostOptions, 'staticDir' | 'staticConfigFile' | 'extraConnectOrigins'>,
): Promise<StaticSite | undefined> {
  if (!options.staticDir) return undefined;
  let config: StaticSite['config'] = {};
  if (options.staticConfigFile) {
    config = JSON.parse(await readFile(options.staticConfigFile, 'utf8')) as StaticSite['config'];
  }
  const headers = { ...config.globalHeaders };
  const csp = headers['Content-Security-Policy'];
  if (csp && options.extraConnectOrigins?.length) {
    const extra = options.extraConnectOrigins.join(' ');
    headers['Content-Security-Policy'] = csp
      .replace(/connect-src ([^;]+)/, `connect-src $1 ${extra}`)
      .replace(/img-src ([^;]+)/, `img-src $1 ${extra}`);
  }
  return { root: resolve(options.staticDir), config: { ...config, globalHeaders: headers } };
}

export async function serveStatic(
  site: StaticSite | undefined,
  compressedFiles: CompressedFileCache,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (!site) {
    sendError(res, 404, MESSAGES.routeNotFound);
    return;
  }
  const headers = { ...site.config.globalHeaders };
  const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
  let file = join(site.root, relative);
  if (!file.startsWith(site.root + sep) && file !== site.root) {
    sendError(res, 400, MESSAGES.invalidInput);
    return;
  }
  let info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    file = join(file, 'index.html');
    info = await stat(file).catch(() => undefined);
  }
  if (!info) {
    const fallback = site.config.navigationFallback;
    const excluded = fallback?.exclude?.some((glob) => globToRegExp(glob).test(url.pathname));
    if (!fallback || excluded) {
      sendError(res, 404, MESSAGES.notFound, headers);
      return;
    }
    file = join(site.root, fallback.rewrite);
    info = await stat(file).catch(() => undefined);
    if (!info) {
      sendError(res, 404, MESSAGES.notFound, headers);
      return;
    }
  }
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const immutable = url.pathname.startsWith('/assets/');
  const replyHeaders: Record<string, string | number> = {
    ...headers,
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const compressible = isCompressible(type) && info.size >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  if (compressible) replyHeaders.Vary = 'Accept-Encoding';
  if (encoding) {
    const target = file;
    const compressed = await compressedFiles.get(target, `${info.size}:${info.mtimeMs}`, encoding, () =>
      readFile(target),
    );
    res.writeHead(200, {
      ...replyHeaders,
      'Content-Encoding': encoding,
      'Content-Length': compressed.length,
    });
    res.end(req.method === 'HEAD' ? undefined : compressed);
    return;
  }
  res.writeHead(200, { ...replyHeaders, 'Content-Length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
