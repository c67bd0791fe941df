import {
  REGISTRATION_TOKEN_HEADER,
  type CreatedRegistration,
  type RegistrationDecisionInput,
  type RegistrationStatus,
  type PaymentUrlReply,
  type PlatformPricing,
  type Registration,
  type RegistrationCreateInput,
  type RegistrationUpdateInput,
  type VerificationChannel,
  type VerificationSent,
  type VerificationState,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, type ODataCollection, type RequestOptions } from '../../lib/api';
import { swrOptions, useApiResource } from '../../lib/api/swr';

/**
 * The registrant's side of a registration. They have no account: the registration token the creation
 * returned is kept in this browser (localStorage) and sent in its header; every call goes without the
 * session's bearer token (a super admin signed in on the same browser would otherwise be the caller).
 */

const STORAGE_KEY = 'nhatroRegistration';
const enc = encodeURIComponent;

export interface HeldRegistration {
  registrationID: string;
  registrationToken: string;
}

/** The registration this browser made (and may act on), if any. */
export function heldRegistration(): HeldRegistration | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { registrationID, registrationToken } = parsed as Record<string, unknown>;
    return typeof registrationID === 'string' && typeof registrationToken === 'string'
      ? { registrationID, registrationToken }
      : null;
  } catch {
    return null;
  }
}

function holdRegistration(held: HeldRegistration): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(held));
}

/** Forgets the held registration (withdrawn, or no longer found). */
export function forgetRegistration(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}

/** Options of every registrant call: no session, their token, the caller shows its own failures. */
function asRegistrant(held: HeldRegistration | null, options: RequestOptions = {}): RequestOptions {
  return {
    authenticated: false,
    toastBadRequest: false,
    handledStatuses: [400, 404, 409, 412, 429],
    ...(held ? { headers: { [REGISTRATION_TOKEN_HEADER]: held.registrationToken } } : {}),
    ...options,
  };
}

const registrationPath = (registrationID: string) => `/odata/HMRegistration/${enc(registrationID)}`;

/** The held registration as the server has it now (null key when this browser holds none). */
export function useHeldRegistration(held: HeldRegistration | null): SWRResponse<Registration, Error> {
  return useSWR<Registration, Error, string | null>(
    held ? registrationPath(held.registrationID) : null,
    (path) => apiRequest<Registration>(path, asRegistrant(held)),
    { ...swrOptions, revalidateOnFocus: false },
  );
}

/** The platform's prices, for the fee shown while the form is filled. */
export function usePricing(): SWRResponse<PlatformPricing, Error> {
  return useSWR<PlatformPricing, Error, string>(
    '/api/HMRegistration/Pricing',
    async (path) => (await apiRequest<{ data: PlatformPricing }>(path, asRegistrant(null))).data,
    { ...swrOptions, revalidateOnFocus: false },
  );
}

/** `POST /odata/HMRegistration`: the registration, and its token kept in this browser. */
export async function createRegistration(input: RegistrationCreateInput): Promise<Registration> {
  const created = await apiRequest<CreatedRegistration>(
    '/odata/HMRegistration',
    asRegistrant(null, { method: 'POST', body: input }),
  );
  const { registrationToken, ...registration } = created;
  holdRegistration({ registrationID: registration.registrationID, registrationToken });
  await mutate(registrationPath(registration.registrationID), registration, { revalidate: false });
  return registration;
}

/** `PATCH /odata/HMRegistration/{id}` with the registrant's changes. */
export async function updateRegistration(
  held: HeldRegistration,
  changes: Omit<RegistrationUpdateInput, 'registrationID'>,
): Promise<Registration> {
  const updated = await apiRequest<Registration>(
    registrationPath(held.registrationID),
    asRegistrant(held, { method: 'PATCH', body: changes }),
  );
  await mutate(registrationPath(held.registrationID), updated, { revalidate: false });
  return updated;
}

/** `DELETE /odata/HMRegistration/{id}`: the registrant withdraws a pending registration. */
export async function withdrawRegistration(held: HeldRegistration): Promise<void> {
  await apiRequest(registrationPath(held.registrationID), asRegistrant(held, { method: 'DELETE' }));
  forgetRegistration();
  await mutate(registrationPath(held.registrationID), undefined, { revalidate: false });
}

const REQUEST_ROUTES: Record<VerificationChannel, string> = {
  email: '/api/Verify/RequestEmailVerify',
  sms: '/api/Verify/RequestSMSVerify',
};
const CHECK_ROUTES: Record<VerificationChannel, string> = {
  email: '/api/Verify/VerifyEmail',
  sms: '/api/Verify/VerifyPhoneNumber',
};

/** Sends a new six-digit code to the registration's e-mail or phone. */
export async function requestVerificationCode(
  held: HeldRegistration,
  channel: VerificationChannel,
): Promise<VerificationSent> {
  const reply = await apiRequest<{ data: VerificationSent }>(
    REQUEST_ROUTES[channel],
    asRegistrant(held, { method: 'POST', body: { key: held.registrationID } }),
  );
  return reply.data;
}

/** Checks a code (`Key` = the registration's id, `VerifyToken` = the code). */
export async function checkVerificationCode(
  held: HeldRegistration,
  channel: VerificationChannel,
  code: string,
): Promise<VerificationState> {
  const reply = await apiRequest<{ data: VerificationState }>(
    `${CHECK_ROUTES[channel]}?Key=${enc(held.registrationID)}&VerifyToken=${enc(code)}`,
    asRegistrant(null),
  );
  await mutate(registrationPath(held.registrationID));
  return reply.data;
}

/** Spec §7's `{ status, errorMessage, paymentURL }` for the registration's fee. */
export function requestRegistrationPaymentUrl(held: HeldRegistration): Promise<PaymentUrlReply> {
  return apiRequest<PaymentUrlReply>(
    `/api/Payment/RequestPaymentURLForHMRegistration?registrationID=${enc(held.registrationID)}`,
    asRegistrant(held),
  );
}

export type PaperType = 'png' | 'jpg' | 'pdf';

const PAPER_CONTENT_TYPES: Record<PaperType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** Uploads one identity paper with a create-only key (no account) and answers its blob name. */
export async function uploadPaper(file: Blob, type: PaperType): Promise<string> {
  const grant = await apiRequest<{ blobName: string; uploadURL: string }>(
    `/api/BlobAccess/GetHMRegistrationDataContainerSAS?extension=${type}`,
    asRegistrant(null),
  );
  let response: Response;
  try {
    response = await fetch(grant.uploadURL, {
      method: 'PUT',
      headers: {
        'x-ms-blob-type': 'BlockBlob',
        'Content-Type': PAPER_CONTENT_TYPES[type],
      },
      body: file,
    });
  } catch {
    throw new Error('Không tải được tệp lên. Vui lòng kiểm tra lại kết nối mạng.');
  }
  if (!response.ok) throw new Error(`Kho lưu trữ từ chối tệp (HTTP ${response.status}).`);
  return grant.blobName;
}

// The super admin's side: the registrations to review, decisions and the papers.

/** SWR keys of the lessor registration resource (super admin). */
export const registrationKeys = {
  all: '/odata/HMRegistration',
  byStatus: (status: RegistrationStatus) => `/odata/HMRegistration?$filter=${enc(`status eq '${status}'`)}`,
} as const;

/** The registrations of one status (newest first), or all of them. */
export function useRegistrations(
  status?: RegistrationStatus,
): SWRResponse<ODataCollection<Registration>, Error> {
  return useApiResource<ODataCollection<Registration>>(
    status === undefined ? registrationKeys.all : registrationKeys.byStatus(status),
  );
}

/** Every list of registrations is asked again (a decision moves one from a status to another). */
function revalidateRegistrations(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(registrationKeys.all));
}

const OWN_ERROR_HANDLING: RequestOptions = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] };

/** `PATCH /odata/HMRegistration/{id}`: approve (a paid registration) or reject with a reason. */
export async function decideRegistration(
  registration: Registration & { '@odata.etag'?: string },
  decision: Omit<RegistrationDecisionInput, 'registrationID'>,
): Promise<Registration> {
  const decided = await apiRequest<Registration>(
    `/odata/HMRegistration/${enc(registration.registrationID)}`,
    {
      method: 'PATCH',
      body: decision,
      ifMatch: registration['@odata.etag'],
      ...OWN_ERROR_HANDLING,
    },
  );
  await revalidateRegistrations();
  return decided;
}

/** `DELETE /odata/HMRegistration/{id}` (a pending or rejected one). */
export async function deleteRegistration(registrationID: string): Promise<void> {
  await apiRequest(`/odata/HMRegistration/${enc(registrationID)}`, {
    method: 'DELETE',
    ...OWN_ERROR_HANDLING,
  });
  await revalidateRegistrations();
}

/** A 15-minute read URL of one identity paper. */
export async function paperReadUrl(blobName: string): Promise<string> {
  const reply = await apiRequest<{ url: string }>(
    `/api/BlobAccess/GetReadURL?container=hm-registration&blobName=${enc(blobName)}`,
    OWN_ERROR_HANDLING,
  );
  return reply.url;
}
