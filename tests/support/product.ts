import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../api/src/local/azurite.js';
import { startLocalProduct, type RunningProduct } from '../../api/src/local/product.js';
import { hashOneTimePassword } from '../../api/src/useCases/shared/passwords.js';

export interface TestProduct extends RunningProduct {
  dataDir: string;
}

/**
 * A whole local product (Azurite, fresh SQLite store with demo data, all functions) on a free port.
 * The demo accounts' passwords are hashed at scrypt N=2^10 instead of the product's N=2^17 (the cost is
 * read from the stored hash: the same login code checks them): seeding costs milliseconds instead of
 * about 2 s of CPU, and a log-in about 1 ms instead of 0.3 s and 128 MiB, for test files that start a
 * product each and log in dozens of times. Accounts the tests make, and new passwords, keep the
 * product's full cost; tests/unit/passwords.test.ts checks that cost.
 */
export async function startTestProduct(options: { serveWeb?: boolean } = {}): Promise<TestProduct> {
  // A free port is only free until someone takes it: test files start products side by side, and
  // Azurite or another file's product may take the port between the probe and the listen. Such a start
  // cleans up after itself (startLocalProduct), so it is tried again on a new port and a fresh folder.
  for (let attempt = 1; ; attempt += 1) {
    const dataDir = await mkdtemp(join(tmpdir(), 'nhatro-test-'));
    try {
      return await startOn(await freePort(), dataDir, options);
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      const taken = (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
      if (!taken || attempt >= 3) throw error;
    }
  }
}

async function startOn(port: number, dataDir: string, options: { serveWeb?: boolean }): Promise<TestProduct> {
  const product = await startLocalProduct({
    port,
    dataDir,
    serveWeb: options.serveWeb ?? false,
    log: () => undefined,
    seedOptions: { hashPassword: hashOneTimePassword },
  });
  return {
    ...product,
    dataDir,
    async stop() {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiReply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON (text, bytes, FormData for multipart). */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

/** A tiny HTTP client for API tests: real requests through the local host and the real handlers. */
export function apiClient(baseUrl: string) {
  async function request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiReply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  async function login(username: string, password: string) {
    const reply = await request<{
      status: boolean;
      token: { accessToken: string; refreshToken: string };
      userID: string;
      houses: Array<{
        houseID: string;
        houseName: string;
        houseAddress: string;
        lessorInfo: { status: number };
      }>;
      houseID?: string;
      roomID?: string;
      contractID?: string;
      lesseeID?: string;
    }>('POST', '/api/User/Login', { body: { username, password } });
    if (reply.status !== 200)
      throw new Error(`login ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }

  /** Logs several demo accounts in at once; sessions by username. */
  async function loginDemoUsers(usernames: string[]) {
    const sessions = await Promise.all(
      usernames.map(
        async (username) => [username, await login(username, DEMO_PASSWORDS[username] ?? '')] as const,
      ),
    );
    return Object.fromEntries(sessions) as Record<string, Awaited<ReturnType<typeof login>>>;
  }

  /** A GET as `session` (anonymous without one). */
  function getAs<T = unknown>(session: { token: { accessToken: string } } | undefined, path: string) {
    return request<T>('GET', path, session ? { token: session.token.accessToken } : {});
  }

  return { request, getAs, login, loginDemoUsers };
}

type DemoSession = Awaited<ReturnType<ReturnType<typeof apiClient>['login']>>;

/** The access tokens of signed-in sessions, by username. */
export function accessTokens(sessions: Record<string, DemoSession>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sessions).map(([name, session]) => [name, session.token.accessToken]),
  );
}

/** A signed-in tenant's contract, house and room. */
export function tenancyOf(session: DemoSession | undefined): {
  contractID: string;
  houseID: string;
  roomID: string;
} {
  return {
    contractID: session?.contractID as string,
    houseID: session?.houseID as string,
    roomID: session?.roomID as string,
  };
}

export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'Admin@123456',
  chunha: 'Chunha@123456',
  chunha2: 'Chunha2@123456',
  chunhamoi: 'Chunhamoi@123456',
  nhanvien: 'Nhanvien@123456',
  nguoithue: 'Nguoithue@123456',
};
