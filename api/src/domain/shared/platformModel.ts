// Documents of the `platform` container (registrations, their verification codes, room purchases, the
// super admin's settings) and the sealed secrets those settings keep. Re-exported by `model.ts`.
import type { PlatformPricing, PlatformRequest, Registration, RentTaxThreshold } from '@nhatro/common';
import type { VerificationCode } from '../verification.js';
import type { StoredDoc } from './query.js';

/** Registrations of future landlords (`platform` container, pk = "registrations"). */
export interface RegistrationDoc extends StoredDoc, Registration {
  type: 'registration';
  /** SHA-256 of the registrant's registration token (never returned); absent on seeded ones. */
  tokenHash?: string;
}
export const REGISTRATIONS_PARTITION = 'registrations';

/**
 * The current verification code of one channel of a registration (same partition as the registration,
 * id = `verification_<registrationID>_<channel>`): only its keyed hash.
 */
export interface VerificationDoc extends StoredDoc, VerificationCode {
  type: 'verification';
}

/** A landlord's room purchase or extension (`platform` container, pk = "platformRequests", id = requestID). */
export interface PlatformRequestDoc extends StoredDoc, PlatformRequest {
  type: 'platformRequest';
}

/** Platform settings the super admin changes (`platform` container, pk = id = "settings"). */
export interface PlatformSettingsDoc extends StoredDoc {
  type: 'settings';
  /** Default billing day of houses that did not choose their own. */
  billingDay?: number;
  /** The Zalo Official Account token messages are sent with (never returned in full). */
  zalo?: ZaloSettings;
  /** What landlords pay the platform (`DEFAULT_PLATFORM_PRICING` until the super admin sets it). */
  pricing?: PlatformPricing;
  /** The rent income above which a household renting out rooms pays tax (`DEFAULT_RENT_TAX_THRESHOLD` until set). */
  rentTaxThreshold?: RentTaxThreshold;
  updatedOn: string;
  updatedBy: string;
}
export const SETTINGS_PARTITION = 'settings';

/** A secret sealed for the store (api/src/messaging/secretBox.ts): AES-256-GCM, its key wrapped. */
export interface SealedSecret {
  v: 1;
  /** `local`, or the Key Vault key id (with its version) that wrapped the data key. */
  kid: string;
  key: string;
  iv: string;
  tag: string;
  data: string;
}

export interface ZaloSettings {
  /**
   * The access token in plain text, as saved before tokens were sealed: still read, and replaced by
   * `sealedAccessToken` at the next save or renewal.
   */
  accessToken?: string;
  sealedAccessToken?: SealedSecret;
  /** Renews the access token (Zalo OA v4): usable once, valid 3 months. */
  sealedRefreshToken?: SealedSecret;
  /** The last four characters of the access token, for the masked view. */
  tokenHint?: string;
  accessTokenExpiresOn?: string;
  refreshTokenExpiresOn?: string;
  /** The last automatic renewal, successful or not (the error as Zalo gave it). */
  lastRenewal?: { at: string; ok: boolean; error?: string };
  /** The approved ZNS template messages are sent with. */
  templateID?: string;
  updatedOn: string;
  updatedBy: string;
}
