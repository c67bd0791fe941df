import {
  bankTransferAssignSchema,
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
import { ok } from '../http/replies.js';
import {
  assignBankTransfer,
  dismissBankTransfer,
  listBankTransfers,
  receiveBankFeed,
} from '../useCases/bankTransfers.js';

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
    const length = Number(req.headers.get('content-length') ?? 0);
    if (length > FEED_BODY_LIMIT) throw AppError.tooLarge(MESSAGES.bodyTooLarge(FEED_BODY_LIMIT));
    const rawBody = await req.text();
    if (Buffer.byteLength(rawBody) > FEED_BODY_LIMIT)
      throw AppError.tooLarge(MESSAGES.bodyTooLarge(FEED_BODY_LIMIT));
    return ok(await receiveBankFeed(deps, rawBody, req.headers.get('x-bank-feed-signature')));
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
