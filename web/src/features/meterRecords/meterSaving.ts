import {
  METER_KINDS,
  METER_MESSAGES,
  type MeterKind,
  type MeterReadingInput,
  type Room,
} from '@nhatro/common';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { notifyFailure } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import {
  mergeSavedRecords,
  revalidateMonthRecords,
  saveReading,
  saveReadings,
  type MeterRecordReply,
} from './meterRecordsApi';
import {
  badRequestItems,
  draftDiffers,
  problemFromItem,
  readingFromDraft,
  type RoomDraft,
  type RoomRecords,
} from './meterDrafts';
import { isTransient, problemsOfError, type BoardActions, type SentDraft } from './meterBoardState';
import type { RoomProblems } from './MeterRoomCard';

interface Reading extends SentDraft {
  reading: MeterReadingInput;
}

/** What the savers read: the board's state and the latest server data, through refs. */
export interface SavingContext {
  houseID: string;
  month: string;
  state: BoardActions;
  recordsRef: RefObject<Map<string, RoomRecords>>;
  roomsRef: RefObject<Room[]>;
}

/** The save running for each room (its own, or its floor's): a second one waits for it. */
type InFlightRef = RefObject<Map<string, Promise<unknown>>>;

/** Collects a room's readings to send, or marks what is wrong with them. */
function useCollect({ month, state, recordsRef }: SavingContext) {
  const { draftsRef } = state;
  return useCallback(
    (roomID: string) => {
      const draft = draftsRef.current[roomID];
      const roomRecords = recordsRef.current.get(roomID) ?? {};
      const readings: Reading[] = [];
      const found: RoomProblems = {};
      for (const kind of METER_KINDS) {
        const kindDraft = draft?.[kind];
        if (!kindDraft || !draftDiffers(kindDraft, roomRecords[kind])) continue;
        const built = readingFromDraft(roomID, kind, month, kindDraft, roomRecords[kind]);
        if ('problem' in built) found[kind] = built.problem;
        else readings.push({ kind, draft: kindDraft, reading: built.reading });
      }
      return { readings, found };
    },
    [draftsRef, month, recordsRef],
  );
}

type Collect = ReturnType<typeof useCollect>;

/** Sends one room's changed readings, one request per meter. */
function useSendRoom(
  context: SavingContext,
  collect: Collect,
  attemptedRef: RefObject<Map<string, unknown>>,
) {
  const { houseID, month, state } = context;
  const { draftsRef, dropSaved, setRoomProblems, setStatus } = state;
  return useCallback(
    async (roomID: string): Promise<boolean> => {
      const draft = draftsRef.current[roomID];
      if (!draft) return true;
      attemptedRef.current.set(roomID, draft);
      const { readings, found } = collect(roomID);
      if (Object.keys(found).length > 0) {
        setRoomProblems(roomID, found);
        setStatus(roomID, 'invalid');
        return false;
      }
      if (readings.length === 0) {
        dropSaved(
          roomID,
          METER_KINDS.flatMap((kind) => (draft[kind] ? [{ kind, draft: draft[kind] }] : [])),
        );
        setRoomProblems(roomID, undefined);
        setStatus(roomID, undefined);
        return true;
      }
      setStatus(roomID, 'saving');
      const saved: MeterRecordReply[] = [];
      const sent: SentDraft[] = [];
      let current: MeterKind = readings[0]!.kind;
      try {
        for (const { kind, draft: kindDraft, reading } of readings) {
          current = kind;
          saved.push(await saveReading(houseID, reading));
          sent.push({ kind, draft: kindDraft });
        }
        setRoomProblems(roomID, undefined);
        setStatus(roomID, undefined);
        notify.success(METER_MESSAGES.saved);
        return true;
      } catch (error) {
        if (isTransient(error)) {
          setStatus(roomID, 'pending');
        } else {
          setRoomProblems(roomID, problemsOfError(error, [current]));
          setStatus(roomID, 'invalid');
          if (isApiError(error) && error.status === 412) void revalidateMonthRecords(houseID, month);
        }
        notifyFailure(METER_MESSAGES.saveFailed, error);
        return false;
      } finally {
        if (saved.length > 0) mergeSavedRecords(houseID, month, saved);
        dropSaved(roomID, sent);
      }
    },
    [attemptedRef, collect, draftsRef, dropSaved, houseID, month, setRoomProblems, setStatus],
  );
}

/**
 * Saves a room once at a time: leaving the card and tapping 'Phòng tiếp' (or 'Lưu cả tầng') may ask
 * together. A caller arriving during a save waits for it and then sends only what is left; values the
 * server just refused are not sent again until the reader changes them.
 */
function useSaveRoom(
  { state }: SavingContext,
  sendRoom: (roomID: string) => Promise<boolean>,
  inFlightRef: InFlightRef,
  attemptedRef: RefObject<Map<string, unknown>>,
) {
  const { draftsRef, statusesRef } = state;
  return useCallback(
    async (roomID: string): Promise<boolean> => {
      const running = inFlightRef.current.get(roomID);
      if (running !== undefined) {
        await running.catch(() => undefined);
        const draft = draftsRef.current[roomID];
        if (draft === undefined) return true;
        if (statusesRef.current[roomID] === 'invalid' && attemptedRef.current.get(roomID) === draft)
          return false;
        if (inFlightRef.current.has(roomID)) return false;
      }
      const task = sendRoom(roomID);
      inFlightRef.current.set(roomID, task);
      try {
        return await task;
      } finally {
        if (inFlightRef.current.get(roomID) === task) inFlightRef.current.delete(roomID);
      }
    },
    [attemptedRef, draftsRef, inFlightRef, sendRoom, statusesRef],
  );
}

/** The readings of a floor's rooms to send in one request, or null when one of them is wrong. */
function floorBatch(
  roomIDs: readonly string[],
  collect: Collect,
  state: BoardActions,
): Array<Reading & { roomID: string }> | null {
  const batch: Array<Reading & { roomID: string }> = [];
  let invalid = false;
  for (const roomID of roomIDs) {
    const { readings, found } = collect(roomID);
    if (Object.keys(found).length > 0) {
      invalid = true;
      state.setRoomProblems(roomID, found);
      state.setStatus(roomID, 'invalid');
    }
    for (const reading of readings) batch.push({ roomID, ...reading });
  }
  return invalid ? null : batch;
}

/** A refused floor: each reading the server named is marked under its field. */
function markFloorFailure(
  error: unknown,
  batch: ReadonlyArray<Reading & { roomID: string }>,
  floorRooms: readonly string[],
  { houseID, month, state }: SavingContext,
): void {
  const transient = isTransient(error);
  for (const roomID of floorRooms) state.setStatus(roomID, transient ? 'pending' : undefined);
  if (isApiError(error) && error.status === 400) {
    // `records.3.newIndex`: the fourth reading of the batch.
    for (const item of badRequestItems(error.body)) {
      const index = Number(/^records\.(\d+)/.exec(item.field)?.[1] ?? Number.NaN);
      const target = batch[index];
      if (!target) continue;
      state.setKindProblem(target.roomID, target.kind, problemFromItem(item.field, item.message));
      state.setStatus(target.roomID, 'invalid');
    }
  } else if (!transient) {
    for (const roomID of floorRooms) {
      const kinds = batch.filter((item) => item.roomID === roomID).map((item) => item.kind);
      state.setRoomProblems(roomID, problemsOfError(error, kinds));
      state.setStatus(roomID, 'invalid');
    }
    if (isApiError(error) && error.status === 412) void revalidateMonthRecords(houseID, month);
  }
  notifyFailure(METER_MESSAGES.saveFailed, error);
}

/** 'Lưu cả tầng': every changed reading of a floor in one request, all or nothing. */
function useSaveFloor(context: SavingContext, collect: Collect, inFlightRef: InFlightRef) {
  const { houseID, month, state, roomsRef } = context;
  const { draftsRef } = state;
  const [savingFloor, setSavingFloor] = useState<number | null>(null);
  const saveFloor = useCallback(
    async (floor: number) => {
      const onFloor = roomsRef.current.filter((room) => (room.floor ?? 0) === floor);
      // A room saved on leaving its card (the tap on this button) finishes first.
      const waited = onFloor.some((room) => inFlightRef.current.has(room.roomID));
      await Promise.all(onFloor.map((room) => inFlightRef.current.get(room.roomID)?.catch(() => undefined)));
      const roomIDs = onFloor
        .filter((room) => draftsRef.current[room.roomID] !== undefined)
        .map((room) => room.roomID);
      const batch = floorBatch(roomIDs, collect, state);
      if (batch === null) return;
      if (batch.length === 0) {
        if (!waited) notify.info('Tầng này không có chỉ số mới cần lưu.');
        return;
      }
      setSavingFloor(floor);
      const floorRooms = [...new Set(batch.map((item) => item.roomID))];
      for (const roomID of floorRooms) state.setStatus(roomID, 'saving');
      const request = saveReadings(
        houseID,
        batch.map((item) => item.reading),
      );
      for (const roomID of floorRooms) inFlightRef.current.set(roomID, request);
      try {
        mergeSavedRecords(houseID, month, await request);
        for (const roomID of floorRooms) {
          state.dropSaved(
            roomID,
            batch.filter((item) => item.roomID === roomID),
          );
          state.setRoomProblems(roomID, undefined);
          state.setStatus(roomID, undefined);
        }
        notify.success(METER_MESSAGES.saved);
      } catch (error) {
        markFloorFailure(error, batch, floorRooms, context);
      } finally {
        setSavingFloor(null);
        for (const roomID of floorRooms) {
          if (inFlightRef.current.get(roomID) === request) inFlightRef.current.delete(roomID);
        }
      }
    },
    [collect, context, draftsRef, houseID, inFlightRef, month, roomsRef, state],
  );
  return { saveFloor, savingFloor };
}

/** Saving a room, a floor, and what waits for a retry. */
export function useMeterSaving(context: SavingContext) {
  const inFlightRef = useRef(new Map<string, Promise<unknown>>());
  /** The draft last sent for each room: the same values are not sent again on leaving the card. */
  const attemptedRef = useRef(new Map<string, unknown>());
  const collect = useCollect(context);
  const sendRoom = useSendRoom(context, collect, attemptedRef);
  const saveRoom = useSaveRoom(context, sendRoom, inFlightRef, attemptedRef);
  const { saveFloor, savingFloor } = useSaveFloor(context, collect, inFlightRef);
  const wasAttempted = useCallback(
    (roomID: string, draft: RoomDraft | undefined) => attemptedRef.current.get(roomID) === draft,
    [],
  );
  return { saveRoom, saveFloor, savingFloor, wasAttempted };
}
