import type { MeterKind, Room } from '@nhatro/common';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { preparePhoto } from '../../components/photoFile';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { notify } from '../../lib/toast';
import { uploadMeterPhoto, useMeterRooms, useMonthRecords } from './meterRecordsApi';
import { draftFromRecord, type KindDraft, type RoomRecords } from './meterDrafts';
import { isDone, useBoardState, type BoardActions } from './meterBoardState';
import { useMeterSaving, type SavingContext } from './meterSaving';
import { meterCardId, meterInputId } from './MeterRoomCard';

const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

export interface FloorGroup {
  floor: number;
  rooms: Room[];
}

function byFloorThenName(a: Room, b: Room): number {
  return (a.floor ?? 0) - (b.floor ?? 0) || nameCollator.compare(a.roomName, b.roomName);
}

/** The house's rooms sorted by floor and name, their month's records by room, and the floors. */
function useBoardData(houseID: string, month: string) {
  const rooms = useMeterRooms(houseID);
  const records = useMonthRecords(houseID, month);
  const sortedRooms = useMemo(() => [...(rooms.data ?? [])].sort(byFloorThenName), [rooms.data]);
  const recordsByRoom = useMemo(() => {
    const map = new Map<string, RoomRecords>();
    for (const record of records.data ?? []) {
      const entry = map.get(record.roomID) ?? {};
      entry[record.kind] = record;
      map.set(record.roomID, entry);
    }
    return map;
  }, [records.data]);
  const groups = useMemo(() => {
    const byFloor = new Map<number, Room[]>();
    for (const room of sortedRooms) {
      const floor = room.floor ?? 0;
      byFloor.set(floor, [...(byFloor.get(floor) ?? []), room]);
    }
    return [...byFloor.entries()].map(([floor, list]): FloorGroup => ({ floor, rooms: list }));
  }, [sortedRooms]);
  return { rooms, records, sortedRooms, recordsByRoom, groups };
}

/** Typing, confirming an implausible use, and a meter's photo (uploaded, then saved with the reading). */
function useEditing(
  houseID: string,
  actions: BoardActions,
  recordsRef: SavingContext['recordsRef'],
  saveRoom: (roomID: string) => Promise<boolean>,
) {
  const { draftsRef, statusesRef, updateDrafts, setStatus, clearKindProblem } = actions;
  const [photoBusy, setPhotoBusy] = useState<Record<string, MeterKind>>({});

  const onChange = useCallback(
    (roomID: string, kind: MeterKind, patch: Partial<KindDraft>) => {
      updateDrafts((current) => {
        const room = current[roomID] ?? {};
        const base = room[kind] ?? draftFromRecord(recordsRef.current.get(roomID)?.[kind]);
        return { ...current, [roomID]: { ...room, [kind]: { ...base, ...patch } } };
      });
      if (statusesRef.current[roomID] === 'invalid') setStatus(roomID, undefined);
      clearKindProblem(roomID, kind);
    },
    [clearKindProblem, recordsRef, setStatus, statusesRef, updateDrafts],
  );

  const uploadPhoto = useCallback(
    async (roomID: string, kind: MeterKind, file: File) => {
      setPhotoBusy((current) => ({ ...current, [roomID]: kind }));
      try {
        const imageBlobName = await uploadMeterPhoto(houseID, await preparePhoto(file));
        onChange(roomID, kind, { imageBlobName });
        // With an index typed the photo goes with it now (that save shows its own outcome); otherwise
        // with the reading when it is saved.
        if (draftsRef.current[roomID]?.[kind]?.value.trim()) void saveRoom(roomID);
      } catch (error) {
        if (!isSessionExpiry(error)) notify.error(failureText('Tải ảnh đồng hồ thất bại!', error));
      } finally {
        setPhotoBusy((current) => {
          const next = { ...current };
          delete next[roomID];
          return next;
        });
      }
    },
    [draftsRef, houseID, onChange, saveRoom],
  );
  // The card's input only starts the upload; its outcome is shown on the card and in toasts.
  const onPhoto = useCallback(
    (roomID: string, kind: MeterKind, file: File) => void uploadPhoto(roomID, kind, file),
    [uploadPhoto],
  );

  const onConfirm = useCallback(
    (roomID: string, kind: MeterKind) => {
      updateDrafts((current) => {
        const room = current[roomID] ?? {};
        const base = room[kind] ?? draftFromRecord(recordsRef.current.get(roomID)?.[kind]);
        return { ...current, [roomID]: { ...room, [kind]: { ...base, confirmed: !base.confirmed } } };
      });
      // Saving shows its own outcome (the card's state, a toast): nothing waits for it here.
      if (draftsRef.current[roomID]?.[kind]?.confirmed) void saveRoom(roomID);
    },
    [draftsRef, recordsRef, saveRoom, updateDrafts],
  );
  return { onChange, onPhoto, onConfirm, photoBusy };
}

/** Moving through the rooms: the next one still without readings, and its first field. */
function useRoomWalk(
  actions: BoardActions,
  recordsRef: SavingContext['recordsRef'],
  roomsRef: SavingContext['roomsRef'],
) {
  const { draftsRef } = actions;
  const focusRoom = useCallback((roomID: string) => {
    document.getElementById(meterInputId(roomID, 'electricity'))?.focus({ preventScroll: true });
    document.getElementById(meterCardId(roomID))?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);

  /** The first room after `fromRoomID` (wrapping round) still without its readings. */
  const nextUnread = useCallback(
    (fromRoomID: string | null): string | null => {
      const list = roomsRef.current;
      const start = fromRoomID === null ? -1 : list.findIndex((room) => room.roomID === fromRoomID);
      for (let step = 1; step <= list.length; step += 1) {
        const room = list[(start + step) % list.length];
        if (!room || room.roomID === fromRoomID) continue;
        const hasDraft = draftsRef.current[room.roomID] !== undefined;
        if (!isDone(recordsRef.current.get(room.roomID)) && !hasDraft) return room.roomID;
      }
      return null;
    },
    [draftsRef, recordsRef, roomsRef],
  );
  return { focusRoom, nextUnread };
}

/**
 * The meter board's state and saving (issue "Ghi chỉ số điện nước"): rooms and records from the server,
 * the reader's drafts (kept in localStorage until saved), each room's status and problems, and the
 * handlers the cards call. Saving happens on leaving a card, on 'Phòng tiếp', per floor, and again
 * when the connection comes back; the component only draws.
 */
export function useMeterDrafts(houseID: string, month: string) {
  const { rooms, records, sortedRooms, recordsByRoom, groups } = useBoardData(houseID, month);
  const { drafts, statuses, problems, actions } = useBoardState(houseID, month);
  const recordsRef = useRef(recordsByRoom);
  const roomsRef = useRef(sortedRooms);
  useEffect(() => {
    recordsRef.current = recordsByRoom;
    roomsRef.current = sortedRooms;
  }, [recordsByRoom, sortedRooms]);

  const context = useMemo(
    (): SavingContext => ({ houseID, month, state: actions, recordsRef, roomsRef }),
    [actions, houseID, month],
  );
  const { saveRoom, saveFloor, savingFloor, wasAttempted } = useMeterSaving(context);
  const { onChange, onPhoto, onConfirm, photoBusy } = useEditing(houseID, actions, recordsRef, saveRoom);
  const { focusRoom, nextUnread } = useRoomWalk(actions, recordsRef, roomsRef);
  const { draftsRef, statusesRef } = actions;

  // The handlers below start a save whose outcome the board shows itself (states, toasts).
  const onRetry = useCallback((roomID: string) => void saveRoom(roomID), [saveRoom]);
  const onSaveFloor = useCallback((floor: number) => void saveFloor(floor), [saveFloor]);
  const retryPending = useCallback(() => {
    for (const [roomID, status] of Object.entries(statusesRef.current)) {
      if (status === 'pending') void saveRoom(roomID);
    }
  }, [saveRoom, statusesRef]);

  // Back online: send what waits. On opening: send what a reload or a lost connection left behind.
  const readyToRetry = records.data !== undefined;
  useEffect(() => {
    if (!readyToRetry) return undefined;
    if (navigator.onLine) retryPending();
    window.addEventListener('online', retryPending);
    return () => window.removeEventListener('online', retryPending);
  }, [readyToRetry, retryPending]);

  const onLeave = useCallback(
    (roomID: string) => {
      const draft = draftsRef.current[roomID];
      // Nothing typed, or the same values already failed: leaving again does not resend them.
      if (!draft || wasAttempted(roomID, draft)) return;
      void saveRoom(roomID);
    },
    [draftsRef, saveRoom, wasAttempted],
  );

  const goToNext = useCallback(
    async (roomID: string) => {
      const saved = await saveRoom(roomID);
      // A value the server refused stays on screen to be fixed; a lost connection does not hold the reader.
      if (!saved && statusesRef.current[roomID] === 'invalid') return;
      const next = nextUnread(roomID);
      if (next === null) notify.info('Tất cả các phòng đã được ghi chỉ số.');
      else focusRoom(next);
    },
    [focusRoom, nextUnread, saveRoom, statusesRef],
  );
  const onNext = useCallback((roomID: string) => void goToNext(roomID), [goToNext]);
  const onFirstUnread = useCallback(() => {
    const next = nextUnread(null);
    if (next !== null) focusRoom(next);
  }, [focusRoom, nextUnread]);

  const doneCount = sortedRooms.filter(
    (room) => isDone(recordsByRoom.get(room.roomID)) && drafts[room.roomID] === undefined,
  ).length;
  const waiting = Object.values(statuses).filter((status) => status === 'pending').length;

  return {
    rooms,
    records,
    sortedRooms,
    recordsByRoom,
    groups,
    drafts,
    statuses,
    problems,
    photoBusy,
    savingFloor,
    doneCount,
    waiting,
    handlers: { onChange, onLeave, onNext, onRetry, onConfirm, onPhoto },
    onSaveFloor,
    onFirstUnread,
    retryPending,
  };
}
