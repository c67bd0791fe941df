import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import {
  IMAGE_MAX_BYTES,
  METER_KINDS,
  METER_MESSAGES,
  type MeterKind,
  type MeterReadingInput,
  type Room,
} from '@nhatro/common';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { isApiError, NETWORK_FAILURE_STATUS } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { imageToPng } from '../../components/imageToPng';
import { failureText, isSessionExpiry, notifyFailure } from '../../components/mutationFeedback';
import {
  mergeSavedRecords,
  revalidateMonthRecords,
  saveReading,
  saveReadings,
  uploadMeterPhoto,
  useMeterRooms,
  useMonthRecords,
  type MeterRecordReply,
} from './meterRecordsApi';
import {
  badRequestItems,
  currentVietnamMonth,
  draftDiffers,
  draftFromRecord,
  loadDrafts,
  monthLabel,
  problemFromItem,
  readingFromDraft,
  recentMonths,
  storeDrafts,
  type DraftMap,
  type KindDraft,
  type KindProblem,
  type RoomRecords,
} from './meterDrafts';
import { MeterRoomCard, meterCardId, meterInputId, type RoomProblems, type RoomState } from './MeterRoomCard';

const STALE_TEXT = 'Người khác vừa cập nhật chỉ số phòng này: đã tải lại, hãy kiểm tra rồi lưu lại.';
const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

type SaveStatus = 'saving' | 'pending' | 'invalid';
type ProblemMap = Record<string, RoomProblems>;

interface FloorGroup {
  floor: number;
  rooms: Room[];
}

function byFloorThenName(a: Room, b: Room): number {
  return (a.floor ?? 0) - (b.floor ?? 0) || nameCollator.compare(a.roomName, b.roomName);
}

function isDone(records: RoomRecords | undefined): boolean {
  return METER_KINDS.every((kind) => records?.[kind] !== undefined);
}

function roomState(
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
function problemsOfError(
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
function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === NETWORK_FAILURE_STATUS || error.status >= 500;
}

const FloorSection = memo(function FloorSection({
  group,
  children,
  onSaveFloor,
  isSaving,
}: {
  group: FloorGroup;
  children: ReactNode;
  onSaveFloor: (floor: number) => void;
  isSaving: boolean;
}) {
  const headingId = `meter-floor-${group.floor}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem' }}>
          Tầng {group.floor}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<SaveOutlined />}
          onClick={() => onSaveFloor(group.floor)}
          loading={isSaving}
          data-testid="meter-save-floor"
        >
          Lưu cả tầng
        </Button>
      </Box>
      <Box
        component="ul"
        aria-label={`Các phòng tầng ${group.floor}`}
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
});

/** The readings of one house and month: rooms, their records, and what the reader typed. */
function MeterBoard({ houseID, month }: { houseID: string; month: string }) {
  const rooms = useMeterRooms(houseID);
  const records = useMonthRecords(houseID, month);
  const [drafts, setDrafts] = useState<DraftMap>(() => loadDrafts(houseID, month));
  // Values found in storage were not saved last time: they wait for a retry.
  const [statuses, setStatuses] = useState<Record<string, SaveStatus>>(() =>
    Object.fromEntries(Object.keys(loadDrafts(houseID, month)).map((roomID) => [roomID, 'pending'])),
  );
  const [problems, setProblems] = useState<ProblemMap>({});
  const [savingFloor, setSavingFloor] = useState<number | null>(null);
  const [photoBusy, setPhotoBusy] = useState<Record<string, MeterKind>>({});

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

  // Callbacks read the latest state through refs, so the memoised cards keep the same handlers.
  const draftsRef = useRef(drafts);
  const recordsRef = useRef(recordsByRoom);
  const roomsRef = useRef(sortedRooms);
  const statusesRef = useRef(statuses);
  /** The save running for a room (its own, or its floor's): a second one waits for it. */
  const inFlight = useRef(new Map<string, Promise<unknown>>());
  const attempted = useRef(new Map<string, unknown>());
  useEffect(() => {
    storeDrafts(houseID, month, drafts);
  }, [drafts, houseID, month]);
  useEffect(() => {
    recordsRef.current = recordsByRoom;
    roomsRef.current = sortedRooms;
  }, [recordsByRoom, sortedRooms]);

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

  /**
   * Every change of the drafts goes through the ref first, so a save started right after a change
   * (a confirmation, a photo) sends what was just set; React's state follows.
   */
  const updateDrafts = useCallback((change: (current: DraftMap) => DraftMap) => {
    const next = change(draftsRef.current);
    if (next === draftsRef.current) return;
    draftsRef.current = next;
    setDrafts(next);
  }, []);

  /** Drops the saved kinds from a room's draft, unless the reader changed them again meanwhile. */
  const dropSaved = useCallback(
    (roomID: string, sent: ReadonlyArray<{ kind: MeterKind; draft: KindDraft }>) => {
      updateDrafts((current) => {
        const room = current[roomID];
        if (!room) return current;
        const left = { ...room };
        for (const { kind, draft } of sent) if (left[kind] === draft) delete left[kind];
        const next = { ...current };
        if (Object.keys(left).length === 0) delete next[roomID];
        else next[roomID] = left;
        return next;
      });
    },
    [updateDrafts],
  );

  /** Collects a room's readings to send, or marks what is wrong with them. */
  const collect = useCallback(
    (roomID: string) => {
      const draft = draftsRef.current[roomID];
      const roomRecords = recordsRef.current.get(roomID) ?? {};
      const readings: Array<{ kind: MeterKind; draft: KindDraft; reading: MeterReadingInput }> = [];
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
    [month],
  );

  const sendRoom = useCallback(
    async (roomID: string): Promise<boolean> => {
      const draft = draftsRef.current[roomID];
      if (!draft) return true;
      attempted.current.set(roomID, draft);
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
      const sent: Array<{ kind: MeterKind; draft: KindDraft }> = [];
      let current: MeterKind = readings[0]!.kind;
      try {
        for (const { kind, draft: kindDraft, reading } of readings) {
          current = kind;
          saved.push(await saveReading(reading));
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
    [collect, dropSaved, houseID, month, setRoomProblems, setStatus],
  );

  /**
   * Saves a room once at a time: leaving the card and tapping 'Phòng tiếp' (or 'Lưu cả tầng') may ask
   * together. A caller arriving during a save waits for it and then sends only what is left; values the
   * server just refused are not sent again until the reader changes them.
   */
  const saveRoom = useCallback(
    async (roomID: string): Promise<boolean> => {
      const running = inFlight.current.get(roomID);
      if (running !== undefined) {
        await running.catch(() => undefined);
        const draft = draftsRef.current[roomID];
        if (draft === undefined) return true;
        if (statusesRef.current[roomID] === 'invalid' && attempted.current.get(roomID) === draft)
          return false;
        if (inFlight.current.has(roomID)) return false;
      }
      const task = sendRoom(roomID);
      inFlight.current.set(roomID, task);
      try {
        return await task;
      } finally {
        if (inFlight.current.get(roomID) === task) inFlight.current.delete(roomID);
      }
    },
    [sendRoom],
  );

  const onRetry = useCallback((roomID: string) => void saveRoom(roomID), [saveRoom]);

  const retryPending = useCallback(() => {
    for (const [roomID, status] of Object.entries(statusesRef.current)) {
      if (status === 'pending') void saveRoom(roomID);
    }
  }, [saveRoom]);

  // Back online: send what waits. On opening: send what a reload or a lost connection left behind.
  const readyToRetry = records.data !== undefined;
  useEffect(() => {
    if (!readyToRetry) return undefined;
    if (navigator.onLine) retryPending();
    window.addEventListener('online', retryPending);
    return () => window.removeEventListener('online', retryPending);
  }, [readyToRetry, retryPending]);

  const onChange = useCallback(
    (roomID: string, kind: MeterKind, patch: Partial<KindDraft>) => {
      updateDrafts((current) => {
        const room = current[roomID] ?? {};
        const base = room[kind] ?? draftFromRecord(recordsRef.current.get(roomID)?.[kind]);
        return { ...current, [roomID]: { ...room, [kind]: { ...base, ...patch } } };
      });
      if (statusesRef.current[roomID] === 'invalid') setStatus(roomID, undefined);
      setProblems((current) => {
        const roomProblems = current[roomID];
        if (roomProblems?.[kind] === undefined || roomProblems[kind].needsConfirmation) return current;
        const next = { ...current, [roomID]: { ...roomProblems } };
        delete next[roomID]![kind];
        return next;
      });
    },
    [setStatus, updateDrafts],
  );

  const onPhoto = useCallback(
    (roomID: string, kind: MeterKind, file: File) => {
      void (async () => {
        setPhotoBusy((current) => ({ ...current, [roomID]: kind }));
        try {
          const png = await imageToPng(file);
          if (png.size > IMAGE_MAX_BYTES) {
            throw new Error(
              `Ảnh quá lớn sau khi chuyển sang PNG (tối đa ${IMAGE_MAX_BYTES / 1024 / 1024} MB).`,
            );
          }
          const imageBlobName = await uploadMeterPhoto(houseID, png);
          onChange(roomID, kind, { imageBlobName });
          // With an index typed the photo goes with it now; otherwise with the reading when it is saved.
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
      })();
    },
    [houseID, onChange, saveRoom],
  );

  const onConfirm = useCallback(
    (roomID: string, kind: MeterKind) => {
      updateDrafts((current) => {
        const room = current[roomID] ?? {};
        const base = room[kind] ?? draftFromRecord(recordsRef.current.get(roomID)?.[kind]);
        return { ...current, [roomID]: { ...room, [kind]: { ...base, confirmed: !base.confirmed } } };
      });
      if (draftsRef.current[roomID]?.[kind]?.confirmed) void saveRoom(roomID);
    },
    [saveRoom, updateDrafts],
  );

  const onLeave = useCallback(
    (roomID: string) => {
      const draft = draftsRef.current[roomID];
      // Nothing typed, or the same values already failed: leaving again does not resend them.
      if (!draft || attempted.current.get(roomID) === draft) return;
      void saveRoom(roomID);
    },
    [saveRoom],
  );

  const focusRoom = useCallback((roomID: string) => {
    document.getElementById(meterInputId(roomID, 'electricity'))?.focus({ preventScroll: true });
    document.getElementById(meterCardId(roomID))?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);

  /** The first room after `fromRoomID` (wrapping round) still without its readings. */
  const nextUnread = useCallback((fromRoomID: string | null): string | null => {
    const list = roomsRef.current;
    const start = fromRoomID === null ? -1 : list.findIndex((room) => room.roomID === fromRoomID);
    for (let step = 1; step <= list.length; step += 1) {
      const room = list[(start + step) % list.length];
      if (!room || room.roomID === fromRoomID) continue;
      const hasDraft = draftsRef.current[room.roomID] !== undefined;
      if (!isDone(recordsRef.current.get(room.roomID)) && !hasDraft) return room.roomID;
    }
    return null;
  }, []);

  const onNext = useCallback(
    (roomID: string) => {
      void (async () => {
        const saved = await saveRoom(roomID);
        // A value the server refused stays on screen to be fixed; a lost connection does not hold the reader.
        if (!saved && statusesRef.current[roomID] === 'invalid') return;
        const next = nextUnread(roomID);
        if (next === null) notify.info('Tất cả các phòng đã được ghi chỉ số.');
        else focusRoom(next);
      })();
    },
    [focusRoom, nextUnread, saveRoom],
  );

  const onSaveFloor = useCallback(
    (floor: number) => {
      void (async () => {
        const onFloor = roomsRef.current.filter((room) => (room.floor ?? 0) === floor);
        // A room saved on leaving its card (the tap on this button) finishes first.
        const waited = onFloor.some((room) => inFlight.current.has(room.roomID));
        await Promise.all(onFloor.map((room) => inFlight.current.get(room.roomID)?.catch(() => undefined)));
        const roomIDs = onFloor
          .filter((room) => draftsRef.current[room.roomID] !== undefined)
          .map((room) => room.roomID);
        const batch: Array<{
          roomID: string;
          kind: MeterKind;
          draft: KindDraft;
          reading: MeterReadingInput;
        }> = [];
        let invalid = false;
        for (const roomID of roomIDs) {
          const { readings, found } = collect(roomID);
          if (Object.keys(found).length > 0) {
            invalid = true;
            setRoomProblems(roomID, found);
            setStatus(roomID, 'invalid');
          }
          for (const reading of readings) batch.push({ roomID, ...reading });
        }
        if (invalid) return;
        if (batch.length === 0) {
          if (!waited) notify.info('Tầng này không có chỉ số mới cần lưu.');
          return;
        }
        setSavingFloor(floor);
        const floorRooms = [...new Set(batch.map((item) => item.roomID))];
        for (const roomID of floorRooms) setStatus(roomID, 'saving');
        const request = saveReadings(batch.map((item) => item.reading));
        for (const roomID of floorRooms) inFlight.current.set(roomID, request);
        try {
          const saved = await request;
          mergeSavedRecords(houseID, month, saved);
          for (const roomID of floorRooms) {
            dropSaved(
              roomID,
              batch.filter((item) => item.roomID === roomID),
            );
            setRoomProblems(roomID, undefined);
            setStatus(roomID, undefined);
          }
          notify.success(METER_MESSAGES.saved);
        } catch (error) {
          const transient = isTransient(error);
          for (const roomID of floorRooms) setStatus(roomID, transient ? 'pending' : undefined);
          if (isApiError(error) && error.status === 400) {
            // `records.3.newIndex`: the fourth reading of the batch.
            for (const item of badRequestItems(error.body)) {
              const index = Number(/^records\.(\d+)/.exec(item.field)?.[1] ?? Number.NaN);
              const target = batch[index];
              if (!target) continue;
              const problem = problemFromItem(item.field, item.message);
              setProblems((current) => ({
                ...current,
                [target.roomID]: { ...current[target.roomID], [target.kind]: problem },
              }));
              setStatus(target.roomID, 'invalid');
            }
          } else if (!transient) {
            for (const roomID of floorRooms) {
              const kinds = batch.filter((item) => item.roomID === roomID).map((item) => item.kind);
              setRoomProblems(roomID, problemsOfError(error, kinds));
              setStatus(roomID, 'invalid');
            }
            if (isApiError(error) && error.status === 412) void revalidateMonthRecords(houseID, month);
          }
          notifyFailure(METER_MESSAGES.saveFailed, error);
        } finally {
          setSavingFloor(null);
          for (const roomID of floorRooms) {
            if (inFlight.current.get(roomID) === request) inFlight.current.delete(roomID);
          }
        }
      })();
    },
    [collect, dropSaved, houseID, month, setRoomProblems, setStatus],
  );

  if ((rooms.error && !rooms.data) || (records.error && !records.data)) {
    return (
      <ErrorState
        onRetry={() => {
          void rooms.mutate();
          void records.mutate();
        }}
      />
    );
  }
  if (!rooms.data || !records.data) {
    return (
      <Box aria-busy="true" aria-label="Đang tải danh sách phòng" sx={{ display: 'grid', gap: 1.5 }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={180} />
        ))}
      </Box>
    );
  }
  if (sortedRooms.length === 0) {
    return (
      <EmptyState title="Chưa có phòng nào" description="Nhà trọ này chưa có phòng nào để ghi chỉ số." />
    );
  }

  const doneCount = sortedRooms.filter(
    (room) => isDone(recordsByRoom.get(room.roomID)) && drafts[room.roomID] === undefined,
  ).length;
  const waiting = Object.values(statuses).filter((status) => status === 'pending').length;

  return (
    <>
      <Box sx={{ mb: 2 }} data-testid="meter-progress">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            Đã ghi {formatNumber(doneCount)}/{formatNumber(sortedRooms.length)} phòng
          </Typography>
          {doneCount < sortedRooms.length && (
            <Button
              size="small"
              onClick={() => {
                const next = nextUnread(null);
                if (next !== null) focusRoom(next);
              }}
              data-testid="meter-first-unread"
            >
              Đến phòng chưa ghi
            </Button>
          )}
        </Box>
        <LinearProgress
          variant="determinate"
          value={(doneCount / sortedRooms.length) * 100}
          aria-label="Tiến độ ghi chỉ số"
        />
      </Box>
      {waiting > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="meter-pending-alert"
          action={
            <Button color="inherit" size="small" onClick={retryPending}>
              Thử lại
            </Button>
          }
        >
          {waiting} phòng chưa lưu được lên máy chủ. Chỉ số đã nhập vẫn được giữ trên máy này và sẽ tự gửi lại
          khi có mạng.
        </Alert>
      )}
      {groups.map((group) => (
        <FloorSection
          key={group.floor}
          group={group}
          onSaveFloor={onSaveFloor}
          isSaving={savingFloor === group.floor}
        >
          {group.rooms.map((room) => {
            const roomRecords = recordsByRoom.get(room.roomID) ?? EMPTY_RECORDS;
            return (
              <MeterRoomCard
                key={room.roomID}
                roomID={room.roomID}
                roomName={room.roomName}
                previousElectricity={
                  roomRecords.electricity?.previousIndex ?? room.currentElectricityIndex ?? 0
                }
                previousWater={roomRecords.water?.previousIndex ?? room.currentWaterIndex ?? 0}
                records={roomRecords}
                draft={drafts[room.roomID]}
                state={roomState(statuses[room.roomID], roomRecords, drafts[room.roomID] !== undefined)}
                problems={problems[room.roomID]}
                onChange={onChange}
                onLeave={onLeave}
                onNext={onNext}
                onRetry={onRetry}
                onConfirm={onConfirm}
                photoBusy={photoBusy[room.roomID]}
                onPhoto={onPhoto}
              />
            );
          })}
        </FloorSection>
      ))}
    </>
  );
}

const EMPTY_RECORDS: RoomRecords = {};

/** /MeterRecord: staff read every meter of the chosen house, room after room, on a phone. */
export function MeterRecordPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const thisMonth = currentVietnamMonth();
  const [month, setMonth] = useState(thisMonth);
  const months = useMemo(() => recentMonths(thisMonth), [thisMonth]);
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;

  return (
    <Box data-testid="meter-record-page" sx={{ maxWidth: 1400 }}>
      <title>Ghi chỉ số điện nước — Nhà trọ</title>
      <PageHeader title="Ghi chỉ số điện nước" subtitle={houseName} />
      <TextField
        id="meter-month"
        select
        label="Tháng ghi chỉ số"
        size="small"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        sx={{ mb: 2, minWidth: 200 }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'meter-month' } }}
      >
        {months.map((value) => (
          <option key={value} value={value}>
            {monthLabel(value)}
          </option>
        ))}
      </TextField>
      {houseID === null ? (
        <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn nhà trọ để ghi chỉ số." />
      ) : (
        <MeterBoard key={`${houseID}:${month}`} houseID={houseID} month={month} />
      )}
    </Box>
  );
}
