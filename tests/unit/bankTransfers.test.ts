import { describe, expect, it } from 'vitest';
import { BANK_FEED_PROVIDER_MESSAGES, BANK_TRANSFER_MESSAGES, sepayWebhookSchema } from '@nhatro/common';
import {
  billCodesIn,
  cassoSignatureParts,
  providerWaitReason,
  sepayTransfer,
  transferDecision,
  withSortedKeys,
} from '../../api/src/domain/bankTransfers.js';
import { cassoSignatureValid } from '../../api/src/useCases/bankTransfers/providers.js';
import { feedSignature, verifyFeedSignature } from '../../api/src/useCases/bankTransfers/matching.js';

describe('bill codes in a transfer note', () => {
  it('finds the code however the bank spaced, cased or accented the note', () => {
    expect(billCodesIn('NTABCD2345')).toContain('NTABCD2345');
    expect(billCodesIn('ck tien phong ntabcd2345')).toContain('NTABCD2345');
    expect(billCodesIn('MBVCB.123.NT ABCD-2345.Nguyễn Văn A')).toContain('NTABCD2345');
  });

  it('returns the look-alikes that joining words makes too (only real codes count later)', () => {
    expect(billCodesIn('CHUYEN TIEN PHONG')).toEqual(['NTIENPHONG']);
    expect(billCodesIn('tien nha')).toEqual([]);
    // 0, 1, 8 and 9 are not in the codes' alphabet.
    expect(billCodesIn('NTABCD0001')).toEqual([]);
  });
});

describe('the feed signature', () => {
  const body = '{"transactions":[]}';
  const secret = 'bank-feed-secret-for-unit-tests';
  const now = 1_790_000_000;

  it('accepts the documented scheme and refuses anything else', () => {
    const t = String(now - 10);
    const v1 = feedSignature(t, body, secret);
    expect(verifyFeedSignature(`t=${t},v1=${v1}`, body, secret, now)).toBe(true);
    expect(verifyFeedSignature(`t=${t}, v1=${v1.toUpperCase()}`, body, secret, now)).toBe(true);
    expect(verifyFeedSignature(`t=${t},v1=${v1}`, `${body} `, secret, now)).toBe(false);
    expect(verifyFeedSignature(`t=${t},v1=${v1}`, body, 'other', now)).toBe(false);
    expect(
      verifyFeedSignature(
        `t=${now - 301},v1=${feedSignature(String(now - 301), body, secret)}`,
        body,
        secret,
        now,
      ),
    ).toBe(false);
    expect(verifyFeedSignature(`v1=${v1}`, body, secret, now)).toBe(false);
    expect(verifyFeedSignature('t=abc,v1=zz', body, secret, now)).toBe(false);
    expect(verifyFeedSignature(null, body, secret, now)).toBe(false);
  });
});

describe('SePay and Casso bodies', () => {
  it('checks Casso’s signature as its documentation’s own example was signed', () => {
    // The example of developer.casso.vn ("Xử lý sự kiện Webhook"): body, checksum key and header as published.
    const body = {
      error: 0,
      data: {
        id: 0,
        reference: 'MA_GIAO_DICH_THU_NGHIEM',
        description: 'giao dich thu nghiem',
        amount: 599000,
        runningBalance: 25000000,
        transactionDateTime: '2024-10-03 15:06:37',
        accountNumber: '88888888',
        bankName: 'VPBank',
        bankAbbreviation: 'VPB',
        virtualAccountNumber: '',
        virtualAccountName: '',
        counterAccountName: 'NGUYEN VAN A',
        counterAccountNumber: '8888888888',
        counterAccountBankId: '970415',
        counterAccountBankName: 'VietinBank',
      },
    };
    const key = 'mgExMrjj4i7a1p8Cs6LmFbpCd8lbw4sSX4LZXPag7TKazeIogtR90tvWYTkwQbvs';
    const header =
      't=1727948258788,v1=ed0a4bd2e826d5cb69988cdb141e6c1a080e21f3b57eb72cd78192220042b9e7dde0868fc667faea8e224900fa7904e7c88dfa098032fb2d6b6996856e8b7ff3';
    expect(cassoSignatureValid(header, body, key)).toBe(true);
    expect(
      cassoSignatureValid(header.toUpperCase().replace('T=', 't=').replace('V1=', 'v1='), body, key),
    ).toBe(true);
    expect(cassoSignatureValid(header, { ...body, data: { ...body.data, amount: 599001 } }, key)).toBe(false);
    expect(cassoSignatureValid(header, body, `${key}x`)).toBe(false);
    expect(cassoSignatureValid(header.replace('t=1727948258788', 't=1727948258789'), body, key)).toBe(false);
    expect(cassoSignatureValid(null, body, key)).toBe(false);
    expect(cassoSignatureValid('t=1,v1=abc', body, key)).toBe(false);
    expect(cassoSignatureParts('t=12,v1=zz')).toBeUndefined();
  });

  it('sorts keys at every depth, arrays kept in order', () => {
    expect(JSON.stringify(withSortedKeys({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } }))).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('reads SePay’s body: money in is positive, money out negative, the time is Vietnam’s', () => {
    const body = sepayWebhookSchema.parse({
      id: 92704,
      gateway: 'Vietcombank',
      transactionDate: '2023-03-25 14:02:37',
      accountNumber: '0123499999',
      code: null,
      content: 'chuyen tien NTABCD2345',
      transferType: 'in',
      transferAmount: 2277000,
      accumulated: 19077000,
      subAccount: null,
      referenceCode: 'MBVCB.3278907687',
      description: '',
    });
    expect(sepayTransfer(body)).toMatchObject({
      provider: 'sepay',
      providerTransactionID: '92704',
      transactionID: 'MBVCB.3278907687',
      amount: 2277000,
      transactedOn: '2023-03-25T07:02:37.000Z',
    });
    expect(sepayTransfer({ ...body, transferType: 'out' }).amount).toBe(-2277000);
    const out = sepayTransfer({ ...body, transferType: 'out' });
    expect(providerWaitReason(out, '0123499999')).toBe(BANK_FEED_PROVIDER_MESSAGES.outgoing);
    expect(providerWaitReason(sepayTransfer(body), '0123 499 999')).toBeUndefined();
    expect(providerWaitReason(sepayTransfer(body), '0999999999')).toBe(
      BANK_FEED_PROVIDER_MESSAGES.notLandlordAccount,
    );
    expect(providerWaitReason(sepayTransfer(body), undefined)).toBe(
      BANK_FEED_PROVIDER_MESSAGES.notLandlordAccount,
    );
  });

  it('credits more than is owed only when asked to (SePay, Casso), never a bill that owes nothing', () => {
    const base = { codes: ['NTABCD2345'], targets: [{ owed: 100 }], amount: 150 };
    expect(transferDecision(base)).toEqual({
      kind: 'unmatched',
      reason: BANK_TRANSFER_MESSAGES.moreThanOwed,
    });
    expect(transferDecision({ ...base, overpayment: 'credit' })).toEqual({ kind: 'credit' });
    expect(transferDecision({ ...base, targets: [{ owed: 0 }], overpayment: 'credit' })).toEqual({
      kind: 'unmatched',
      reason: BANK_TRANSFER_MESSAGES.alreadyPaid,
    });
  });
});
