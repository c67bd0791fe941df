/**
 * The contract being written, kept in this browser (localStorage) per user and house until it is created
 * or discarded, so a reload, the Android back gesture or a closed tab loses nothing. The draft holds text
 * only: the wizard has no photo fields, and file bytes must never be put here (a photo already uploaded
 * would be kept as its blob name; one not uploaded yet is dropped and asked for again).
 */
import { useEffect, useMemo, useState } from 'react';
import {
  PERSON_FIELDS,
  skipKeysOf,
  type ContractDraft,
  type PersonDraft,
  type StepIndex,
  type VehicleDraft,
} from '../contractDraft';

const VERSION = 1;

export interface SavedDraft {
  draft: ContractDraft;
  step: StepIndex;
  /** ISO date-time of the last change. */
  savedAt: string;
}

export function savedDraftKey(userID: string, houseID: string): string {
  return `nhatro.contractDraft.${userID}.${houseID}`;
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isPerson(value: unknown): value is PersonDraft {
  if (typeof value !== 'object' || value === null) return false;
  const person = value as Record<string, unknown>;
  return isText(person.key) && PERSON_FIELDS.every((field) => isText(person[field]));
}

function isVehicle(value: unknown): value is VehicleDraft {
  if (typeof value !== 'object' || value === null) return false;
  const vehicle = value as Record<string, unknown>;
  return (
    isText(vehicle.key) &&
    isText(vehicle.vehicleType) &&
    isText(vehicle.licensePlate) &&
    isText(vehicle.ownerKey)
  );
}

function isDraft(value: unknown): value is ContractDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    ['roomID', 'reservationID', 'startDate', 'endDate', 'rentFee', 'deposit'].every((field) =>
      isText(draft[field]),
    ) &&
    typeof draft.deposited === 'boolean' &&
    isPerson(draft.representative) &&
    Array.isArray(draft.occupants) &&
    draft.occupants.every(isPerson) &&
    Array.isArray(draft.vehicles) &&
    draft.vehicles.every(isVehicle) &&
    Array.isArray(draft.services) &&
    draft.services.every(isText)
  );
}

/** The kept draft, or null (none, or unreadable: then it is forgotten). */
export function readSavedDraft(key: string): SavedDraft | null {
  let parsed: unknown;
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const saved = parsed as { version?: unknown; draft?: unknown; step?: unknown; savedAt?: unknown } | null;
  if (
    saved !== null &&
    typeof saved === 'object' &&
    saved.version === VERSION &&
    isDraft(saved.draft) &&
    typeof saved.step === 'number' &&
    [0, 1, 2, 3, 4].includes(saved.step) &&
    isText(saved.savedAt)
  ) {
    return { draft: saved.draft, step: saved.step as StepIndex, savedAt: saved.savedAt };
  }
  forgetSavedDraft(key);
  return null;
}

export function writeSavedDraft(key: string, draft: ContractDraft, step: StepIndex): void {
  try {
    window.localStorage.setItem(
      key,
      JSON.stringify({ version: VERSION, draft, step, savedAt: new Date().toISOString() }),
    );
  } catch {
    // Storage full or blocked (private mode): the wizard still works, only without a kept draft.
  }
}

export function forgetSavedDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * The wizard's kept draft: offered on opening (continue or discard), written on every change while the
 * form differs from a fresh one, forgotten once the contract is created or the draft discarded.
 */
export function useKeptDraft({
  draftKey,
  freshDraft,
  draft,
  step,
  isCreated,
  restore,
  startAgain,
}: {
  draftKey: string;
  freshDraft: ContractDraft;
  draft: ContractDraft;
  step: StepIndex;
  isCreated: boolean;
  restore: (draft: ContractDraft, step: StepIndex) => void;
  startAgain: () => void;
}) {
  const [offer, setOffer] = useState<SavedDraft | null>(() => readSavedDraft(draftKey));
  const freshText = useMemo(() => JSON.stringify(freshDraft), [freshDraft]);
  const isDirty = offer === null && !isCreated && JSON.stringify(draft) !== freshText;

  useEffect(() => {
    if (offer !== null || isCreated) return;
    if (isDirty) writeSavedDraft(draftKey, draft, step);
    else forgetSavedDraft(draftKey);
  }, [offer, isCreated, isDirty, draftKey, draft, step]);

  const continueDraft = () => {
    if (offer === null) return;
    skipKeysOf(offer.draft);
    setOffer(null);
    restore(offer.draft, offer.step);
  };
  const discardDraft = () => {
    forgetSavedDraft(draftKey);
    setOffer(null);
    startAgain();
  };
  return { offer, isDirty, continueDraft, discardDraft };
}
