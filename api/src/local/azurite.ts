import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { AZURITE_ACCOUNT } from '../config/index.js';

export interface RunningAzurite {
  port: number;
  accountUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts Azurite's blob service (the npm package) as a child process with its data under `location`. On a
 * port of its own choosing, a port taken between the probe and Azurite's listen (products started side by
 * side) is tried again on another.
 */
export async function startAzurite(options: { location: string; port?: number }): Promise<RunningAzurite> {
  mkdirSync(options.location, { recursive: true });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startAzuriteOn(options.location, options.port ?? (await freePort()));
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!taken || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

async function startAzuriteOn(location: string, port: number): Promise<RunningAzurite> {
  const require = createRequire(import.meta.url);
  const main = join(dirname(require.resolve('azurite/package.json')), 'dist/src/blob/main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--loose',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`Azurite did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('successfully listens on')) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited with ${code}:\n${output}`));
    });
  });
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  const accountUrl = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT.name}`;
  return {
    port,
    accountUrl,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}

/** Lets the SPA at `origin` upload and read blobs with SAS URLs, as the Bicep template does in Azure. */
export async function allowBrowserOrigin(accountUrl: string, origin: string): Promise<void> {
  const client = new BlobServiceClient(
    accountUrl,
    new StorageSharedKeyCredential(AZURITE_ACCOUNT.name, AZURITE_ACCOUNT.key),
  );
  await client.setProperties({
    cors: [
      {
        allowedOrigins: origin,
        allowedMethods: 'GET,HEAD,PUT,OPTIONS',
        allowedHeaders: '*',
        exposedHeaders: '*',
        maxAgeInSeconds: 3600,
      },
    ],
  });
}
