import { METER_KINDS, type MeterKind } from '@nhatro/common';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { isApiError, NETWORK_FAILURE_STATUS } from '../../lib/api';
import {
  badRequestItems,
  loadDrafts,
  problemFromItem,
  storeDrafts,
  type DraftMap,
  type KindDraft,
  type KindProblem,
  type RoomRecords,
} from './meterDrafts';
import type { RoomProblems, RoomState } from './MeterRoomCard';

const STALE_TEXT = 'Người khác vừa cập nhật chỉ số phòng này: đã tải lại, hãy kiểm tra rồi lưu lại.';

export type SaveStatus = 'saving' | 'pending' | 'invalid';
type ProblemMap = Record<string, RoomProblems>;

/** A kind's draft that was sent: it is dropped once saved, unless the reader changed it meanwhile. */
export interface SentDraft {
  kind: MeterKind;
  draft: KindDraft;
}

export function isDone(records: RoomRecords | undefined): boolean {
  return METER_KINDS.every((kind) => records?.[kind] !== undefined);
}

export function roomState(
  status: SaveStatus | undefined,
  records: RoomRecords | undefined,
  hasDraft: boolean,
): RoomState {
  if (status !== undefined) return status;
  if (isDone(records) && !hasDraft) return 'done';
  if (METER_KINDS.some((kind) => records?.[kind] !== undefined)) return 'partial';
  return 'unread';
}

/** Everything on the page that is wrong with what the user sent. */
export function problemsOfError(
  error: unknown,
  kinds: readonly MeterKind[],
): Partial<Record<MeterKind, KindProblem>> {
  const problems: Partial<Record<MeterKind, KindProblem>> = {};
  if (!isApiError(error)) return problems;
  if (error.status === 400) {
    const items = badRequestItems(error.body);
    for (const kind of kinds) {
      const item = items[0];
      if (item) problems[kind] = problemFromItem(item.field, item.message);
    }
  } else if (error.status === 409 || error.status === 404) {
    for (const kind of kinds) problems[kind] = { field: 'newIndex', message: error.message };
  } else if (error.status === 412) {
    for (const kind of kinds) problems[kind] = { field: 'newIndex', message: STALE_TEXT };
  }
  return problems;
}

/** A failure the next attempt may get past by itself (no reply, or a server failure). */
export function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === NETWORK_FAILURE_STATUS || error.status >= 500;
}

/**
 * The reader's side of the board: what was typed (kept in localStorage per house and month), each
 * room's save status and the problems shown under its fields. The refs always hold the latest values,
 * so the callbacks the memoised cards get never change and a save started right after a change sends
 * what was just set; React's state follows.
 */
export interface BoardState {
  drafts: DraftMap;
  statuses: Record<string, SaveStatus>;
  problems: ProblemMap;
  /** The same object from render to render. */
  actions: BoardActions;
}

export interface BoardActions {
  draftsRef: RefObject<DraftMap>;
  statusesRef: RefObject<Record<string, SaveStatus>>;
  updateDrafts: (change: (current: DraftMap) => DraftMap) => void;
  setStatus: (roomID: string, status: SaveStatus | undefined) => void;
  setRoomProblems: (roomID: string, roomProblems: RoomProblems | undefined) => void;
  setKindProblem: (roomID: string, kind: MeterKind, problem: KindProblem) => void;
  /** Clears a kind's problem once the reader changes it (a pending confirmation stays). */
  clearKindProblem: (roomID: string, kind: MeterKind) => void;
  dropSaved: (roomID: string, sent: readonly SentDraft[]) => void;
}

export function useBoardState(houseID: string, month: string): BoardState {
  const [drafts, setDrafts] = useState<DraftMap>(() => loadDrafts(houseID, month));
  // Values found in storage were not saved last time: they wait for a retry.
  const [statuses, setStatuses] = useState<Record<string, SaveStatus>>(() =>
    Object.fromEntries(Object.keys(loadDrafts(houseID, month)).map((roomID) => [roomID, 'pending'])),
  );
  const [problems, setProblems] = useState<ProblemMap>({});
  const draftsRef = useRef(drafts);
  const statusesRef = useRef(statuses);

  useEffect(() => {
    storeDrafts(houseID, month, drafts);
  }, [drafts, houseID, month]);

  const setStatus = useCallback((roomID: string, status: SaveStatus | undefined) => {
    const current = statusesRef.current;
    if (current[roomID] === status) return;
    const next = { ...current };
    if (status === undefined) delete next[roomID];
    else next[roomID] = status;
    statusesRef.current = next;
    setStatuses(next);
  }, []);

  const setRoomProblems = useCallback((roomID: string, roomProblems: RoomProblems | undefined) => {
    setProblems((current) => {
      const next = { ...current };
      if (roomProblems === undefined || Object.keys(roomProblems).length === 0) delete next[roomID];
      else next[roomID] = roomProblems;
      return next;
    });
  }, []);

  const setKindProblem = useCallback((roomID: string, kind: MeterKind, problem: KindProblem) => {
    setProblems((current) => ({ ...current, [roomID]: { ...current[roomID], [kind]: problem } }));
  }, []);

  const clearKindProblem = useCallback((roomID: string, kind: MeterKind) => {
    setProblems((current) => {
      const roomProblems = current[roomID];
      if (roomProblems?.[kind] === undefined || roomProblems[kind].needsConfirmation) return current;
      const next = { ...current, [roomID]: { ...roomProblems } };
      delete next[roomID]![kind];
      return next;
    });
  }, []);

  const updateDrafts = useCallback((change: (current: DraftMap) => DraftMap) => {
    const next = change(draftsRef.current);
    if (next === draftsRef.current) return;
    draftsRef.current = next;
    setDrafts(next);
  }, []);

  const dropSaved = useCallback(
    (roomID: string, sent: readonly SentDraft[]) => {
      updateDrafts((current) => {
        const room = current[roomID];
        if (!room) return current;
        const saved = sent.filter(({ kind, draft }) => room[kind] === draft);
        // Nothing saved: the same draft stays, so leaving the card does not resend values just refused.
        if (saved.length === 0) return current;
        const left = { ...room };
        for (const { kind } of saved) delete left[kind];
        const next = { ...current };
        if (Object.keys(left).length === 0) delete next[roomID];
        else next[roomID] = left;
        return next;
      });
    },
    [updateDrafts],
  );

  const actions = useMemo(
    (): BoardActions => ({
      draftsRef,
      statusesRef,
      updateDrafts,
      setStatus,
      setRoomProblems,
      setKindProblem,
      clearKindProblem,
      dropSaved,
    }),
    [clearKindProblem, dropSaved, setKindProblem, setRoomProblems, setStatus, updateDrafts],
  );
  return { drafts, statuses, problems, actions };
}
