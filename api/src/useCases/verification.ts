import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  isValidID,
  MOBILE_PHONE_PATTERN,
  VERIFICATION_MESSAGES,
  VERIFICATION_RULES,
  type VerificationChannel,
  type VerificationSent,
  type VerificationState,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import {
  REGISTRATIONS_PARTITION,
  type RegistrationDoc,
  type VerificationDoc,
} from '../domain/shared/model.js';
import { verificationCodeText } from '../domain/shared/outboxTexts.js';
import {
  decideSend,
  maskEmail,
  maskPhone,
  newVerificationCode,
  VERIFICATION_CODE_PATTERN,
  type VerificationCode,
} from '../domain/verification.js';
import { isStoreError, type BatchOp, type StoredDoc } from '../store/store.js';
import { recordAudit, type RequestOrigin } from './shared/audit.js';
import type { Deps } from './shared/deps.js';
import { outboxCreate } from './shared/outboxMessages.js';
import {
  registrationOfRegistrant,
  readRegistration,
  verificationDocID,
} from './shared/registrationAccess.js';

/**
 * `/api/Verify/*`: a registration's e-mail and phone number are verified with six-digit codes sent
 * through the outbox (e-mail; SMS). `Key` is the registration's id. Asking for a code needs the
 * registration token (only the registrant's browser has it); checking one needs the code, which only
 * the owner of the address has. The code is written (as a keyed hash) in the same batch as its message.
 */

/** How often a check that lost a race with another one is tried again. */
const CHECK_ATTEMPTS = 5;

const WRONG_CODE: Record<VerificationChannel, string> = {
  email: VERIFICATION_MESSAGES.emailCodeInvalid,
  sms: VERIFICATION_MESSAGES.phoneCodeInvalid,
};

const ALREADY_VERIFIED: Record<VerificationChannel, string> = {
  email: VERIFICATION_MESSAGES.emailAlreadyVerified,
  sms: VERIFICATION_MESSAGES.phoneAlreadyVerified,
};

function addressOf(registration: RegistrationDoc, channel: VerificationChannel): string {
  return channel === 'email' ? registration.email : registration.phoneNumber;
}

function isVerified(registration: RegistrationDoc, channel: VerificationChannel): boolean {
  return channel === 'email' ? registration.emailVerified : registration.phoneVerified;
}

function platformDocs<T extends StoredDoc>(deps: Deps) {
  return deps.store.container<T>('platform');
}

function readCode(deps: Deps, registrationID: string, channel: VerificationChannel) {
  return platformDocs<VerificationDoc>(deps).read(
    REGISTRATIONS_PARTITION,
    verificationDocID(registrationID, channel),
  );
}

function isRace(error: unknown): boolean {
  return isStoreError(error, 'precondition_failed', 'conflict');
}

/**
 * `POST /api/Verify/RequestEmailVerify` and `RequestSMSVerify` `{ key }`: a new code to the registration's
 * address, replacing the previous one. At most once a minute and five times an hour per channel (429 with
 * the wait); an SMS needs a Vietnamese mobile number (400, the spec's "bad phone").
 */
export async function requestVerificationCode(
  deps: Deps,
  channel: VerificationChannel,
  token: string,
  registrationID: string,
): Promise<VerificationSent> {
  const registration = await registrationOfRegistrant(deps, registrationID, token);
  if (registration.status !== 'pending') throw AppError.conflict(VERIFICATION_MESSAGES.notPending);
  if (isVerified(registration, channel)) throw AppError.conflict(ALREADY_VERIFIED[channel]);
  if (channel === 'sms' && !MOBILE_PHONE_PATTERN.test(registration.phoneNumber)) {
    throw AppError.validation([{ field: 'phoneNumber', errorMessage: VERIFICATION_MESSAGES.smsFailed }]);
  }
  const now = deps.now();
  const previous = await readCode(deps, registrationID, channel);
  const decision = decideSend(previous, now);
  if (!decision.allowed) {
    throw AppError.tooManyRequests(
      decision.reason === 'resendTooSoon'
        ? VERIFICATION_MESSAGES.resendWait(Math.ceil(decision.retryAfterMs / 1000))
        : VERIFICATION_MESSAGES.tooManyCodes,
      decision.retryAfterMs,
    );
  }
  const code = String(randomInt(0, 10 ** VERIFICATION_RULES.codeLength)).padStart(
    VERIFICATION_RULES.codeLength,
    '0',
  );
  const target = { registrationID, channel, sentTo: addressOf(registration, channel) };
  const stored: VerificationDoc = {
    id: verificationDocID(registrationID, channel),
    pk: REGISTRATIONS_PARTITION,
    type: 'verification',
    ...newVerificationCode(
      target,
      verificationCodeHash(deps.config.jwt.secret, target, code),
      decision.sendTimes,
      now,
    ),
  };
  const recipient =
    channel === 'email'
      ? { name: registration.fullName, email: registration.email }
      : { name: registration.fullName, phoneNumber: registration.phoneNumber };
  const operations: BatchOp<StoredDoc>[] = [
    previous
      ? { op: 'replace', doc: stored, ...(previous._etag ? { ifMatch: previous._etag } : {}) }
      : { op: 'create', doc: stored },
    outboxCreate(deps, REGISTRATIONS_PARTITION, {
      event: 'verificationCode',
      recipient,
      channels: [channel],
      ...verificationCodeText(channel, code, VERIFICATION_RULES.validMinutes, recipient),
      subjectID: registrationID,
      secret: true,
    }),
  ];
  try {
    await platformDocs<StoredDoc>(deps).batch(REGISTRATIONS_PARTITION, operations);
  } catch (error) {
    // Another request for this channel won the same instant: that one's code is the one sent.
    if (isRace(error)) {
      throw AppError.tooManyRequests(
        VERIFICATION_MESSAGES.resendWait(VERIFICATION_RULES.resendSeconds),
        VERIFICATION_RULES.resendSeconds * 1000,
      );
    }
    throw error;
  }
  return {
    channel,
    sentTo: channel === 'email' ? maskEmail(target.sentTo) : maskPhone(target.sentTo),
    expiresOn: stored.expiresOn,
    resendAfter: new Date(now.getTime() + VERIFICATION_RULES.resendSeconds * 1000).toISOString(),
  };
}

/**
 * `GET /api/Verify/VerifyEmail|VerifyPhoneNumber?Key&VerifyToken`: checks a code. Valid: the channel is
 * verified and the code used up, in one batch. Wrong: one of five tries is spent (recorded before the
 * answer, so parallel guesses cannot share a try). An unknown key, a code never sent or already used
 * answer like a wrong code.
 */
export async function verifyCode(
  deps: Deps,
  origin: RequestOrigin,
  channel: VerificationChannel,
  registrationID: string | undefined,
  code: string | undefined,
): Promise<VerificationState> {
  if (!isValidID(registrationID)) {
    throw AppError.validation([{ field: 'Key', errorMessage: VERIFICATION_MESSAGES.keyInvalid }]);
  }
  if (code === undefined || !VERIFICATION_CODE_PATTERN.test(code)) {
    throw AppError.validation([
      {
        field: 'VerifyToken',
        errorMessage: `Mã xác thực gồm ${VERIFICATION_RULES.codeLength} chữ số.`,
      },
    ]);
  }
  for (let attempt = 1; ; attempt += 1) {
    const registration = await readRegistration(deps, registrationID);
    if (!registration) throw AppError.badRequest(WRONG_CODE[channel]);
    if (isVerified(registration, channel)) throw AppError.conflict(ALREADY_VERIFIED[channel]);
    if (registration.status !== 'pending') throw AppError.conflict(VERIFICATION_MESSAGES.notPending);
    const stored = await readCode(deps, registrationID, channel);
    const current = stored?.sentTo === addressOf(registration, channel) ? stored : undefined;
    const presented = verificationCodeHash(
      deps.config.jwt.secret,
      { registrationID, channel, sentTo: addressOf(registration, channel) },
      code,
    );
    const now = deps.now();
    const outcome = checkCode(current, presented, now);
    if (outcome === 'missing' || outcome === 'used') throw AppError.badRequest(WRONG_CODE[channel]);
    if (outcome === 'exhausted') throw AppError.badRequest(VERIFICATION_MESSAGES.tooManyTries);
    if (outcome === 'expired') throw AppError.badRequest(VERIFICATION_MESSAGES.expired);
    const codeDoc = current as VerificationDoc;
    let operations: BatchOp<StoredDoc>[];
    if (outcome === 'valid') {
      const used: VerificationDoc = { ...codeDoc, usedOn: now.toISOString() };
      const verified: RegistrationDoc = {
        ...registration,
        ...(channel === 'email' ? { emailVerified: true } : { phoneVerified: true }),
        updatedOn: now.toISOString(),
      };
      operations = [
        { op: 'replace', doc: used, ifMatch: codeDoc._etag as string },
        { op: 'replace', doc: verified, ifMatch: registration._etag as string },
      ];
    } else {
      const tried: VerificationDoc = { ...codeDoc, attempts: codeDoc.attempts + 1 };
      operations = [{ op: 'replace', doc: tried, ifMatch: codeDoc._etag as string }];
    }
    try {
      await platformDocs<StoredDoc>(deps).batch(REGISTRATIONS_PARTITION, operations);
    } catch (error) {
      if (isRace(error) && attempt < CHECK_ATTEMPTS) continue;
      if (isRace(error)) throw AppError.stale();
      throw error;
    }
    if (outcome === 'wrong') throw AppError.badRequest(WRONG_CODE[channel]);
    await recordAudit(deps, null, origin, {
      action: channel === 'email' ? 'verifyEmail' : 'verifyPhone',
      entity: 'registration',
      entityID: registrationID,
    });
    return {
      emailVerified: channel === 'email' ? true : registration.emailVerified,
      phoneVerified: channel === 'sms' ? true : registration.phoneVerified,
    };
  }
}

// Codes are kept as keyed hashes (node:crypto) and compared in constant time: here, not in domain/.

/** The keyed hash of `code` for this registration, channel and address (hex, 32 bytes). */
export function verificationCodeHash(
  secret: Uint8Array,
  target: Pick<VerificationCode, 'registrationID' | 'channel' | 'sentTo'>,
  code: string,
): string {
  // A key of its own, derived from the server's secret: the stored hashes are useless without it.
  const key = createHmac('sha256', secret).update('nhatro/verification-code/v1').digest();
  return createHmac('sha256', key)
    .update(`${target.registrationID}\u0000${target.channel}\u0000${target.sentTo}\u0000${code}`)
    .digest('hex');
}

function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/**
 * What a presented code is worth: `missing` (none was sent), `used`, `exhausted` (five wrong tries),
 * `expired`, `valid` or `wrong`. The hash is compared even when the answer is already known otherwise,
 * so the time taken says nothing about the code.
 */
export type CodeCheck = 'missing' | 'used' | 'exhausted' | 'expired' | 'valid' | 'wrong';

export function checkCode(stored: VerificationCode | undefined, presentedHash: string, now: Date): CodeCheck {
  if (!stored) return 'missing';
  const matches = sameHash(stored.codeHash, presentedHash);
  if (stored.usedOn) return 'used';
  if (stored.attempts >= VERIFICATION_RULES.maxTries) return 'exhausted';
  if (Date.parse(stored.expiresOn) <= now.getTime()) return 'expired';
  return matches ? 'valid' : 'wrong';
}
