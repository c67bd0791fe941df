/**
 * Registrations for use-case tests: made through `createRegistration` as a browser would (a paper
 * uploaded with an anonymous SAS first), and the codes the outbox holds for them.
 */
import type { RegistrationCreateInput, VerificationChannel } from '@nhatro/common';
import {
  REGISTRATIONS_PARTITION,
  type OutboxMessageDoc,
  type RegistrationDoc,
} from '../../api/src/domain/shared/model.js';
import { grantRegistrationUpload } from '../../api/src/useCases/blobAccess.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { createRegistration } from '../../api/src/useCases/registrations/registering.js';
import { readRegistration } from '../../api/src/useCases/shared/registrationAccess.js';
import type { MemoryBlobStorage } from './memoryBlobStorage.js';
import { makePng } from './png.js';
import { TEST_ORIGIN } from './useCaseHarness.js';

let sequence = 0;

/** An identity paper uploaded as the registration form does (PNG bytes under an anonymous upload's name). */
export async function anUploadedPaper(deps: Deps, blobs: MemoryBlobStorage): Promise<string> {
  const grant = await grantRegistrationUpload(deps, TEST_ORIGIN, 'png');
  // The browser may declare any type: the server fixes it when the registration takes the file.
  blobs.put('hm-registration', grant.blobName, makePng(), 'application/octet-stream');
  return grant.blobName;
}

export interface RegisteredForTest {
  registration: RegistrationDoc;
  token: string;
}

/** A pending registration (distinct phone and e-mail per call) and the token its creation returned. */
export async function aRegistration(
  deps: Deps,
  blobs: MemoryBlobStorage,
  overrides: Partial<RegistrationCreateInput> = {},
): Promise<RegisteredForTest> {
  sequence += 1;
  const input: RegistrationCreateInput = {
    fullName: 'Đỗ Quốc Khánh',
    phoneNumber: `09381${String(sequence).padStart(5, '0')}`,
    email: `khanh${sequence}@example.vn`,
    houseName: 'Nhà trọ Khánh Hội',
    houseAddress: '30 Hoàng Diệu, P. 12, Q. 4, TP. Hồ Chí Minh',
    roomQuota: 20,
    papers: overrides.papers ?? [await anUploadedPaper(deps, blobs)],
    ...overrides,
  };
  const created = await createRegistration(deps, TEST_ORIGIN, input);
  const registration = await readRegistration(deps, created.registrationID as string);
  if (!registration) throw new Error('aRegistration: not stored');
  return { registration, token: created.registrationToken };
}

/** The platform messages written about a registration, oldest first. */
export async function registrationMessages(deps: Deps, registrationID: string): Promise<OutboxMessageDoc[]> {
  const page = await deps.store.container<OutboxMessageDoc>('platform').query({
    partitionKey: REGISTRATIONS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'outboxMessage' },
        { op: 'eq', field: 'subjectID', value: registrationID },
      ],
    },
    orderBy: { field: 'createdOn' },
    top: 1000,
  });
  return page.items;
}

/** The six digits of the latest code sent on `channel`, read from its message as the registrant would. */
export async function latestCode(
  deps: Deps,
  registrationID: string,
  channel: VerificationChannel,
): Promise<string> {
  const messages = (await registrationMessages(deps, registrationID)).filter(
    (message) =>
      message.event === 'verificationCode' &&
      (channel === 'email' ? message.recipient.email : message.recipient.phoneNumber) !== undefined,
  );
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no ${channel} code was sent for ${registrationID}`);
  return code;
}
