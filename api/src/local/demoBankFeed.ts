import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deps } from '../composition/deps.js';
import { installCassoKey, installSepayKey } from '../useCases/bankTransfers/connections.js';
import { findUserByUsername } from '../useCases/shared/users.js';

/** The demo landlord whose SePay and Casso are connected locally (docs/bank-feed.md). */
const DEMO_LANDLORD = 'chunha';

export interface DemoBankFeedKeys {
  sepayKeyFile: string;
  cassoKeyFile: string;
  /** The Casso webhook's URL path with its connection id. */
  cassoPath: string;
}

/** A key kept in `DATA_DIR/<name>` (one line), made on first use. */
function keyFile(dataDir: string, name: string): { file: string; key: string } {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  }
  return { file, key: readFileSync(file, 'utf8').trim() };
}

/**
 * `npm start`: connects the demo landlord's SePay and Casso with the keys in DATA_DIR (`sepay-api-key`,
 * `casso-checksum-key`, made on first start), so a transfer can be simulated with curl. Nothing without
 * the demo landlord.
 */
export async function connectDemoBankFeeds(
  deps: Deps,
  dataDir: string,
): Promise<DemoBankFeedKeys | undefined> {
  const landlord = await findUserByUsername(deps, DEMO_LANDLORD);
  if (!landlord || !deps.config.secretsKey) return undefined;
  const sepay = keyFile(dataDir, 'sepay-api-key');
  const casso = keyFile(dataDir, 'casso-checksum-key');
  await installSepayKey(deps, landlord.userID, sepay.key);
  const connection = await installCassoKey(deps, landlord.userID, casso.key);
  return {
    sepayKeyFile: sepay.file,
    cassoKeyFile: casso.file,
    cassoPath: `/api/BankFeed/Casso?c=${connection.connectionID}`,
  };
}
