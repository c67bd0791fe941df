import {
  bankTransferAssignSchema,
  cassoConnectSchema,
  sepayConnectSchema,
  bankTransferDismissSchema,
  BILLING_LEVELS,
  MESSAGES,
  ROLE,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { BANK_TRANSFER_MODEL } from '../domain/shared/odata/model.js';
import { readJson } from '../http/body.js';
import { defineEndpoint, definePublicEndpoint, type AuthedEndpoint } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { json, ok } from '../http/replies.js';
import {
  assignBankTransfer,
  dismissBankTransfer,
  listBankTransfers,
  receiveBankFeed,
} from '../useCases/bankTransfers/matching.js';
import {
  connectCasso,
  connectSepay,
  disconnectBankFeed,
  listBankFeedConnections,
} from '../useCases/bankTransfers/connections.js';
import { receiveCasso, receiveSepay } from '../useCases/bankTransfers/providers.js';
import type { HttpRequest } from '@azure/functions';

/**
 * Bank-transfer matching: the bank feed's signed webhook, and the landlord's list of transfers with
 * assigning a waiting one to a bill or setting it aside (docs/bank-feed.md).
 */

/** 500 transfers of ~1 KB at most. */
const FEED_BODY_LIMIT = 1024 * 1024;

definePublicEndpoint({
  name: 'bankFeedTransactions',
  route: 'api/BankFeed/Transactions',
  methods: ['POST'],
  async handle({ req, deps }) {
    const rawBody = await rawText(req, FEED_BODY_LIMIT);
    return ok(await receiveBankFeed(deps, rawBody, req.headers.get('x-bank-feed-signature')));
  },
});

/** The body as sent (signatures are computed over it), refused above `limit` bytes. */
async function rawText(req: HttpRequest, limit: number): Promise<string> {
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > limit) throw AppError.tooLarge(MESSAGES.bodyTooLarge(limit));
  const rawBody = await req.text();
  if (Buffer.byteLength(rawBody) > limit) throw AppError.tooLarge(MESSAGES.bodyTooLarge(limit));
  return rawBody;
}

/** One SePay or Casso transaction is well under 10 KB. */
const PROVIDER_BODY_LIMIT = 64 * 1024;

definePublicEndpoint({
  name: 'bankFeedSepay',
  route: 'api/BankFeed/SePay',
  methods: ['POST'],
  async handle({ req, deps }) {
    const rawBody = await rawText(req, PROVIDER_BODY_LIMIT);
    const { success } = await receiveSepay(deps, rawBody, req.headers.get('authorization'));
    return json(200, { success });
  },
});

definePublicEndpoint({
  name: 'bankFeedCasso',
  route: 'api/BankFeed/Casso',
  methods: ['POST'],
  async handle({ req, deps }) {
    const rawBody = await rawText(req, PROVIDER_BODY_LIMIT);
    const { success } = await receiveCasso(
      deps,
      rawBody,
      req.query.get('c'),
      req.headers.get('x-casso-signature'),
    );
    return json(200, { success });
  },
});

/** The landlord's own SePay and Casso accounts (their account page): only the landlord, never staff. */
const OWNER: Pick<AuthedEndpoint, 'roles'> = { roles: [ROLE.houseModerator] };

defineEndpoint({
  name: 'bankFeedConnections',
  route: 'api/BankFeed/Connections',
  methods: ['GET'],
  ...OWNER,
  async handle({ actor }) {
    return ok(await listBankFeedConnections(actor));
  },
});

defineEndpoint({
  name: 'bankFeedConnectSepay',
  route: 'api/BankFeed/Connections/SePay',
  methods: ['POST'],
  ...OWNER,
  async handle({ req, actor }) {
    await readJson(req, sepayConnectSchema);
    return ok(await connectSepay(actor));
  },
});

defineEndpoint({
  name: 'bankFeedDisconnectSepay',
  route: 'api/BankFeed/Connections/SePay',
  methods: ['DELETE'],
  ...OWNER,
  async handle({ actor }) {
    return ok(await disconnectBankFeed(actor, 'sepay'));
  },
});

defineEndpoint({
  name: 'bankFeedConnectCasso',
  route: 'api/BankFeed/Connections/Casso',
  methods: ['POST'],
  ...OWNER,
  async handle({ req, actor }) {
    return ok(await connectCasso(actor, await readJson(req, cassoConnectSchema)));
  },
});

defineEndpoint({
  name: 'bankFeedDisconnectCasso',
  route: 'api/BankFeed/Connections/Casso',
  methods: ['DELETE'],
  ...OWNER,
  async handle({ actor }) {
    return ok(await disconnectBankFeed(actor, 'casso'));
  },
});

/** Only the landlord who owns the receiving account sees and assigns its transfers. */
const LANDLORD: Pick<AuthedEndpoint, 'roles' | 'permission'> = {
  roles: [ROLE.houseModerator],
  permission: { area: 'billing', level: BILLING_LEVELS.matchTransfers },
};

defineODataEntity({
  name: 'bankTransfer',
  entitySet: 'BankTransfer',
  model: BANK_TRANSFER_MODEL,
  area: 'billing',
  id: { field: 'bankTransferID', label: 'Mã giao dịch' },
  list: { ...LANDLORD, scope: ['status'], run: listBankTransfers },
});

defineEndpoint({
  name: 'bankFeedAssign',
  route: 'api/BankFeed/Assign',
  methods: ['POST'],
  ...LANDLORD,
  async handle({ req, actor }) {
    return ok(await assignBankTransfer(actor, await readJson(req, bankTransferAssignSchema)));
  },
});

defineEndpoint({
  name: 'bankFeedDismiss',
  route: 'api/BankFeed/Dismiss',
  methods: ['POST'],
  ...LANDLORD,
  async handle({ req, actor }) {
    const { bankTransferID } = await readJson(req, bankTransferDismissSchema);
    return ok(await dismissBankTransfer(actor, bankTransferID));
  },
});
