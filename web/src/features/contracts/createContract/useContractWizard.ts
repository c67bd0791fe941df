import { CONTRACT_MESSAGES, type Fee, type Reservation, type Room } from '@nhatro/common';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLeftFields } from '../../../components/useLeftFields';
import { isSessionExpiry, serverMessage } from '../../../components/mutationFeedback';
import { isApiError } from '../../../lib/api';
import { revalidateAfterReservationChange, vietnamToday } from '../../../lib/api/resources/reservations';
import { notify } from '../../../lib/toast';
import {
  draftPayload,
  emptyDraft,
  errorsOfStep,
  serverErrorsOf,
  stepOf,
  validateDraft,
  type ContractDraft,
  type DraftErrors,
  type StepIndex,
} from '../contractDraft';
import { createContract, revalidateContract, type CreatedContract } from '../contractsApi';
import { termEnd } from '../contractRules';
import type { DraftControls } from './draftControls';
import { forgetSavedDraft, useKeptDraft } from './savedDraft';

const CONTRACT_CREATED_TEXT = 'Tạo hợp đồng thành công!';
export const LAST_STEP: StepIndex = 4;

/** The draft with a room chosen: its price, and when it is reserved, its reservation and deposit. */
function withRoom(
  draft: ContractDraft,
  room: Room | undefined,
  reservation: Reservation | undefined,
): ContractDraft {
  if (room === undefined) return { ...draft, roomID: '', reservationID: '' };
  const next: ContractDraft = {
    ...draft,
    roomID: room.roomID,
    rentFee: String(room.price),
    // The meters on the day: the room's last reading, which the landlord corrects when it ran since.
    electricityIndex: String(room.currentElectricityIndex),
    waterIndex: String(room.currentWaterIndex),
    lastIndexes: { electricity: room.currentElectricityIndex, water: room.currentWaterIndex },
  };
  if (reservation === undefined) {
    // A deposit is usually one month of rent; it was not received yet.
    return {
      ...next,
      reservationID: '',
      deposit: String(room.price),
      deposited: draft.reservationID === '' ? draft.deposited : false,
    };
  }
  const today = vietnamToday();
  const startDate = reservation.expectedMoveInDate >= today ? reservation.expectedMoveInDate : today;
  const representative = { ...draft.representative };
  if (representative.occupantName.trim() === '') representative.occupantName = reservation.fullName;
  if (representative.phoneNumber.trim() === '') representative.phoneNumber = reservation.phoneNumber;
  return {
    ...next,
    reservationID: reservation.reservationID,
    deposit: String(reservation.deposit),
    deposited: true,
    startDate,
    endDate: termEnd(startDate, 12),
    representative,
  };
}

/** Keeps the metered and fixed fees of the house ticked by default; per-vehicle fees are chosen per vehicle. */
function defaultServices(fees: readonly Fee[]): string[] {
  return fees.filter((fee) => fee.unit !== 'vehicle').map((fee) => fee.serviceID);
}

function firstStepWithErrors(found: DraftErrors): StepIndex | null {
  const steps = Object.keys(found).map(stepOf);
  return steps.length === 0 ? null : (Math.min(...steps) as StepIndex);
}

/**
 * The fields a refusal is about: a 400's list. (A phone number that already has a login is never
 * refused: the tenant confirms the link with a code sent to it.)
 */
function fieldErrorsOfFailure(failed: unknown, draft: ContractDraft): DraftErrors | null {
  if (isApiError(failed) && failed.status === 400) return serverErrorsOf(failed.body, draft);
  return null;
}

function without(errors: DraftErrors, path: string): DraftErrors {
  const next = { ...errors };
  delete next[path];
  return next;
}

/** The form as it opens: the room given in the address chosen (with its reservation), the usual fees ticked. */
function useFreshDraft({
  rooms,
  reservations,
  fees,
  presetRoomID,
}: Pick<WizardInput, 'rooms' | 'reservations' | 'fees' | 'presetRoomID'>) {
  const reservationOf = useCallback(
    (roomID: string) => reservations.find((reservation) => reservation.roomID === roomID),
    [reservations],
  );
  const presetRoom = presetRoomID === null ? undefined : rooms.find((room) => room.roomID === presetRoomID);
  const [freshDraft] = useState<ContractDraft>(() => {
    const today = vietnamToday();
    const initial = { ...emptyDraft(today, termEnd(today, 12)), services: defaultServices(fees) };
    return presetRoom !== undefined && presetRoom.status !== 'occupied'
      ? withRoom(initial, presetRoom, reservationOf(presetRoom.roomID))
      : initial;
  });
  return { reservationOf, presetRoom, freshDraft };
}

/** What the steps get: the draft, its changes, and the errors to show. */
function draftControlsOf({
  draft,
  setDraft,
  disabled,
  shown,
  serverErrors,
  setServerErrors,
  errors,
  submittedSteps,
  rooms,
  reservationOf,
}: {
  draft: ContractDraft;
  setDraft: (change: (draft: ContractDraft) => ContractDraft) => void;
  disabled: boolean;
  shown: ReturnType<typeof useLeftFields<string>>;
  serverErrors: DraftErrors;
  setServerErrors: (change: (errors: DraftErrors) => DraftErrors) => void;
  errors: DraftErrors;
  submittedSteps: ReadonlySet<StepIndex>;
  rooms: readonly Room[];
  reservationOf: (roomID: string) => Reservation | undefined;
}) {
  const controls: DraftControls = {
    draft,
    disabled,
    update: (change, path) => {
      if (path !== undefined) shown.changed(path);
      setDraft(change);
      if (path !== undefined && serverErrors[path] !== undefined)
        setServerErrors((current) => without(current, path));
    },
    error: (path) =>
      serverErrors[path] ??
      (shown.isShown(path) || submittedSteps.has(stepOf(path)) ? errors[path] : undefined),
    touch: shown.leave,
  };

  const chooseRoom = (roomID: string) => {
    controls.update(
      (current) =>
        withRoom(
          current,
          rooms.find((room) => room.roomID === roomID),
          reservationOf(roomID),
        ),
      'roomID',
    );
    controls.touch('roomID');
  };

  return { controls, chooseRoom };
}

export interface WizardInput {
  houseID: string;
  rooms: readonly Room[];
  reservations: readonly Reservation[];
  fees: readonly Fee[];
  presetRoomID: string | null;
  /** Where this user's draft for this house is kept (savedDraft.ts). */
  draftKey: string;
}

/**
 * Which step is shown and which errors: a field's error shows once it was left, or once its step was
 * sent ('Tiếp tục'); moving forward over a step with errors stops on it and focuses the first one.
 */
function useSteps(errors: DraftErrors) {
  const [step, setStep] = useState<StepIndex>(0);
  const [submittedSteps, setSubmittedSteps] = useState<ReadonlySet<StepIndex>>(new Set());
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: StepIndex) => {
    setStep(next);
    window.scrollTo({ top: 0 });
    window.setTimeout(() => headingRef.current?.focus(), 0);
  };
  /** Shows the step's errors and moves the focus to the first one. */
  const revealErrors = (target: StepIndex) => {
    setSubmittedSteps((current) => new Set(current).add(target));
    window.setTimeout(() => {
      const invalid = document.querySelector<HTMLElement>('[data-step-form] [aria-invalid="true"]');
      invalid?.focus();
    }, 0);
  };
  const next = () => {
    if (errorsOfStep(errors, step).length > 0) {
      revealErrors(step);
      return;
    }
    if (step < LAST_STEP) goTo((step + 1) as StepIndex);
  };
  const jumpTo = (target: StepIndex) => {
    if (target <= step) {
      goTo(target);
      return;
    }
    // Forward only over steps without errors.
    for (let index = step; index < target; index += 1) {
      if (errorsOfStep(errors, index as StepIndex).length > 0) {
        goTo(index as StepIndex);
        revealErrors(index as StepIndex);
        return;
      }
    }
    goTo(target);
  };
  return { step, submittedSteps, headingRef, goTo, revealErrors, next, jumpTo };
}

/** The contract wizard's state: the draft, its errors (the form's and the server's), the steps and saving. */
export function useContractWizard(input: WizardInput) {
  const { houseID, rooms, fees, draftKey } = input;
  const today = vietnamToday();
  const { reservationOf, presetRoom, freshDraft } = useFreshDraft(input);
  const [draft, setDraft] = useState<ContractDraft>(freshDraft);
  const shown = useLeftFields<string>();
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [created, setCreated] = useState<CreatedContract | null>(null);
  const errors = useMemo(() => validateDraft(draft, today), [draft, today]);
  const steps = useSteps(errors);
  const { step, submittedSteps, goTo, revealErrors } = steps;
  const { offer, isDirty, continueDraft, discardDraft } = useKeptDraft({
    draftKey,
    freshDraft,
    draft,
    step,
    isCreated: created !== null,
    restore: (kept, keptStep) => {
      setDraft(kept);
      goTo(keptStep);
    },
    startAgain: () => {
      setDraft(freshDraft);
      shown.clear();
      setServerErrors({});
      goTo(0);
    },
  });

  const { controls, chooseRoom } = draftControlsOf({
    draft,
    setDraft,
    disabled: isSaving || created !== null,
    shown,
    serverErrors,
    setServerErrors,
    errors,
    submittedSteps,
    rooms,
    reservationOf,
  });

  /** The server refused: its reason in a toast and on the form, and the step it is about shown. */
  const showFailure = (failed: unknown) => {
    if (isSessionExpiry(failed)) return;
    const message = serverMessage(failed);
    notify.error(`${CONTRACT_MESSAGES.createFailed} ${message}`);
    setFailure(message);
    const found = fieldErrorsOfFailure(failed, draft);
    if (found === null) return;
    setServerErrors(found);
    const target = firstStepWithErrors(found);
    if (target !== null && target !== step) goTo(target);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < LAST_STEP) {
      steps.next();
      return;
    }
    if (isSaving || created !== null) return;
    const { payload, errors: problems } = draftPayload(draft, fees, today);
    if (payload === null) {
      const target = firstStepWithErrors(problems) ?? 0;
      goTo(target);
      revealErrors(target);
      return;
    }
    setIsSaving(true);
    setFailure(null);
    try {
      const contract = await createContract(payload);
      notify.success(CONTRACT_CREATED_TEXT);
      forgetSavedDraft(draftKey);
      setCreated(contract);
      // The lists refresh in the background; the page goes on to the tenant's account.
      void revalidateAfterReservationChange(houseID);
      void revalidateContract();
    } catch (failed) {
      setIsSaving(false);
      showFailure(failed);
    }
  };

  const stepErrorCount = (index: StepIndex) =>
    submittedSteps.has(index) ? errorsOfStep({ ...errors, ...serverErrors }, index).length : 0;

  const { headingRef, ...stepControls } = steps;
  return {
    headingRef,
    wizard: {
      ...stepControls,
      draft,
      controls,
      chooseRoom,
      submit,
      stepErrorCount,
      failure,
      isSaving,
      created,
      offer,
      isDirty,
      continueDraft,
      discardDraft,
      presetRoom,
      reservationOf,
      choosable: rooms.filter((room) => room.status !== 'occupied'),
      chosenRoom: rooms.find((room) => room.roomID === draft.roomID),
    },
  };
}
