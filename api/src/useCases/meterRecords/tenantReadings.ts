import {
  CONTRACT_STATUS,
  METER_KIND_LABELS,
  METER_KINDS,
  TENANT_READING_MESSAGES,
  TICKET_STATUS,
  type FieldError,
  type MeterKind,
  type MeterSubmissionDecisionInput,
  type MeterSubmissionInput,
} from '@nhatro/common';
import {
  activeMeter,
  CURRENT_INDEX_FIELD,
  isSuperseded,
  meterSubmissionID,
  METER_RULE_MESSAGES,
  readingBefore,
  tenantReadingClosed,
} from '../../domain/meterRecords.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { parseBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  ContractDoc,
  HouseTicketDoc,
  MeterDoc,
  MeterRecordDoc,
  MeterSubmissionDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import { audit, type Actor, replaceAudited } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';
import {
  authorizeHouseID,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  requireID,
} from '../shared/houseScope.js';
import { acceptUpload } from '../shared/uploads.js';
import { entityView, imageLinks } from '../shared/views.js';
import { saveMeterReadings } from './saving.js';

/**
 * Tenants who read their own meters (issue 27 §3): the tenant sends this month's indexes with a photo of
 * each meter until the house's deadline day; the landlord or staff accept them (they become the month's
 * readings the drafts use) or correct them (the corrected values become the readings; the tenant's stay
 * on the sending). A staff reading entered after the sending supersedes it.
 */

const IMAGE_FIELD: Record<MeterKind, 'electricityImage' | 'waterImage'> = {
  electricity: 'electricityImage',
  water: 'waterImage',
};
const INDEX_FIELD: Record<MeterKind, 'electricityIndex' | 'waterIndex'> = {
  electricity: 'electricityIndex',
  water: 'waterIndex',
};

/** The tenant's own active contract and its room (anything else does not exist for them). */
async function tenantsRoom(actor: Actor) {
  const lessee = lesseeScope(actor.user);
  if (lessee === null) throw AppError.forbidden(TENANT_READING_MESSAGES.tenantOnly);
  if (lessee.contractID === undefined) throw AppError.notFound();
  const { doc: contract, house } = await findInCallersHouse<ContractDoc>(
    actor.deps,
    actor.user,
    'contract',
    lessee.contractID,
  );
  if (contract.status !== CONTRACT_STATUS.active) throw AppError.notFound();
  const room = await houseDocs<RoomDoc>(actor.deps).read(house.houseID, contract.roomID);
  if (room?.type !== 'room') throw AppError.notFound();
  return { contract, house, room };
}

async function assertMonthOpen(deps: Deps, houseID: string, month: string): Promise<void> {
  const ticket = await houseDocs<HouseTicketDoc>(deps).read(houseID, `${houseID}_${month}`);
  if (ticket?.type === 'houseTicket' && ticket.status === TICKET_STATUS.issued) {
    throw AppError.conflict(TENANT_READING_MESSAGES.alreadyRead);
  }
}

/** Where this month's reading of a kind starts: the last earlier reading, else the meter or room start. */
function previousIndex(
  room: RoomDoc,
  kind: MeterKind,
  month: string,
  meters: readonly MeterDoc[],
  records: readonly MeterRecordDoc[],
): number {
  const before = readingBefore(
    records.filter((record) => record.kind === kind),
    month,
  );
  if (before) return before.newIndex;
  const meter = activeMeter(meters.filter((doc) => doc.kind === kind));
  return meter?.startIndex ?? room[CURRENT_INDEX_FIELD[kind]] ?? 0;
}

/** A photo the tenant uploaded for this room's sending: a room image of the house no other object holds. */
async function checkPhoto(
  deps: Deps,
  houseID: string,
  id: string,
  kind: MeterKind,
  blobName: string,
): Promise<FieldError | undefined> {
  const field = IMAGE_FIELD[kind];
  const name = parseBlobName('room-images', blobName);
  if (!name || name.scope !== houseID || !blobName.includes('/room-')) {
    return { field, errorMessage: METER_RULE_MESSAGES.badImage };
  }
  const holders = await houseDocs(deps).count({
    partitionKey: houseID,
    filter: {
      op: 'or',
      items: [
        { op: 'arrayContains', field: 'images', value: blobName },
        { op: 'eq', field: 'imageBlobName', value: blobName },
        { op: 'eq', field: 'receiptBlobName', value: blobName },
        {
          op: 'and',
          items: [
            { op: 'eq', field: 'type', value: 'meterSubmission' },
            { op: 'ne', field: 'id', value: id },
            {
              op: 'or',
              items: [
                { op: 'eq', field: 'electricityImage', value: blobName },
                { op: 'eq', field: 'waterImage', value: blobName },
              ],
            },
          ],
        },
      ],
    },
  });
  return holders > 0 ? { field, errorMessage: METER_RULE_MESSAGES.imageTaken } : undefined;
}

/**
 * `POST /api/MeterSubmission`: the tenant's indexes of this month with a photo of each meter. Refused
 * when the house does not let tenants read, after the deadline day, once the month's readings exist or
 * its bills are issued, or below last month's index; a second sending replaces a pending one.
 */
export async function submitMeterReadings(actor: Actor, input: MeterSubmissionInput) {
  const { deps, user } = actor;
  const now = deps.now();
  const { contract, house, room } = await tenantsRoom(actor);
  const closed = tenantReadingClosed(house, vietnamDate(now));
  if (closed) {
    throw closed.status === 403 ? AppError.forbidden(closed.message) : AppError.conflict(closed.message);
  }
  const month = vietnamMonth(now);
  await assertMonthOpen(deps, house.houseID, month);
  const inRoom = { op: 'eq' as const, field: 'roomID', value: room.roomID };
  const records = await listInHouse<MeterRecordDoc>(deps, house.houseID, 'meterRecord', inRoom);
  if (records.some((record) => record.month === month)) {
    throw AppError.conflict(TENANT_READING_MESSAGES.alreadyRead);
  }
  const id = meterSubmissionID(room.roomID, month);
  const existing = await houseDocs<MeterSubmissionDoc>(deps).read(house.houseID, id);
  if (existing && existing.status !== 'pending') throw AppError.conflict(TENANT_READING_MESSAGES.alreadyRead);
  const meters = await listInHouse<MeterDoc>(deps, house.houseID, 'meter', inRoom);
  const errors: FieldError[] = [];
  for (const kind of METER_KINDS) {
    const previous = previousIndex(room, kind, month, meters, records);
    if (input[INDEX_FIELD[kind]] < previous) {
      errors.push({
        field: INDEX_FIELD[kind],
        errorMessage: TENANT_READING_MESSAGES.belowPrevious(METER_KIND_LABELS[kind], previous),
      });
    }
    const photo = input[IMAGE_FIELD[kind]];
    if (photo === existing?.[IMAGE_FIELD[kind]]) continue;
    const problem = await checkPhoto(deps, house.houseID, id, kind, photo);
    if (problem) errors.push(problem);
  }
  if (input.electricityImage === input.waterImage) {
    errors.push({ field: 'waterImage', errorMessage: METER_RULE_MESSAGES.imageTaken });
  }
  if (errors.length > 0) throw AppError.validation(errors);
  for (const kind of METER_KINDS) {
    if (input[IMAGE_FIELD[kind]] !== existing?.[IMAGE_FIELD[kind]]) {
      await acceptUpload(deps, 'room-images', input[IMAGE_FIELD[kind]]);
    }
  }
  const submission: MeterSubmissionDoc = {
    id,
    pk: house.houseID,
    type: 'meterSubmission',
    meterSubmissionID: id,
    houseID: house.houseID,
    roomID: room.roomID,
    roomName: room.roomName,
    contractID: contract.contractID,
    month,
    ...input,
    status: 'pending',
    submittedBy: user.userID,
    ...(user.account.fullName ? { submittedByName: user.account.fullName } : {}),
    submittedOn: now.toISOString(),
  };
  try {
    const docs = houseDocs<MeterSubmissionDoc>(deps);
    if (existing) await docs.replace(submission, { ifMatch: existing._etag as string });
    else await docs.create(submission);
  } catch (error) {
    if (isStoreError(error, 'conflict', 'precondition_failed')) throw AppError.stale();
    throw error;
  }
  await audit(actor, {
    action: existing ? 'update' : 'create',
    entity: 'meterSubmission',
    entityID: id,
    houseID: house.houseID,
    details: {
      roomID: room.roomID,
      month,
      electricityIndex: input.electricityIndex,
      waterIndex: input.waterIndex,
    },
  });
  return entityView(submission);
}

/**
 * `GET /api/MeterSubmission?houseID=…&month=…` (the meter board: the month's sendings, superseded ones
 * marked) or, for a tenant, their own room's of the month. Each carries the previous month's photos.
 */
export async function listMeterSubmissions(actor: Actor, scope: { houseID?: string; month?: string }) {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const month = scope.month ?? vietnamMonth(deps.now());
  let houseID: string;
  if (lessee) {
    houseID = (await tenantsRoom(actor)).house.houseID;
  } else {
    if (scope.houseID === undefined) throw AppError.badRequest(METER_RULE_MESSAGES.houseRequired);
    houseID = await authorizeHouseID(deps, user, requireID(scope.houseID, 'Mã nhà trọ'));
  }
  const submissions = (
    await listInHouse<MeterSubmissionDoc>(deps, houseID, 'meterSubmission', {
      op: 'eq',
      field: 'month',
      value: month,
    })
  ).filter((doc) => !lessee || doc.roomID === lessee.roomID);
  if (submissions.length === 0) return { value: [] };
  const records = await listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord', {
    op: 'in',
    field: 'roomID',
    values: submissions.map((doc) => doc.roomID),
  });
  const value = await Promise.all(
    submissions
      .sort((a, b) => a.roomName.localeCompare(b.roomName, 'vi'))
      .map(async (doc) => {
        const status = doc.status === 'pending' && isSuperseded(doc, records) ? 'superseded' : doc.status;
        const photos = Object.fromEntries(
          await Promise.all(
            METER_KINDS.map(async (kind) => {
              const previous = readingBefore(
                records.filter((record) => record.roomID === doc.roomID && record.kind === kind),
                month,
              )?.imageBlobName;
              const [sent, before] = await imageLinks(deps, 'room-images', [
                doc[IMAGE_FIELD[kind]],
                ...(previous ? [previous] : []),
              ]);
              return [kind, { sent, ...(before ? { previous: before } : {}) }] as const;
            }),
          ),
        );
        return { ...entityView({ ...doc, status }), photos };
      }),
  );
  return { value };
}

/**
 * `POST /api/MeterSubmission/{id}/Accept`: the landlord or staff (meter rights) accept a pending sending
 * as sent or with corrected values; the values become the month's readings (the usual reading rules
 * apply), the sending keeps what the tenant sent and who decided, when.
 */
export async function decideMeterSubmission(actor: Actor, id: string, input: MeterSubmissionDecisionInput) {
  const { deps, user } = actor;
  if (lesseeScope(user)) throw AppError.notFound();
  const { doc, house } = await findInCallersHouse<MeterSubmissionDoc>(deps, user, 'meterSubmission', id);
  if (doc.status !== 'pending') throw AppError.conflict(TENANT_READING_MESSAGES.notPending);
  const records = await listInHouse<MeterRecordDoc>(deps, house.houseID, 'meterRecord', {
    op: 'eq',
    field: 'roomID',
    value: doc.roomID,
  });
  if (isSuperseded(doc, records)) throw AppError.conflict(TENANT_READING_MESSAGES.superseded);
  const values = {
    electricity: input.electricityIndex ?? doc.electricityIndex,
    water: input.waterIndex ?? doc.waterIndex,
  };
  const corrected = values.electricity !== doc.electricityIndex || values.water !== doc.waterIndex;
  await saveMeterReadings(actor, {
    records: METER_KINDS.map((kind) => ({
      roomID: doc.roomID,
      kind,
      month: doc.month,
      newIndex: values[kind],
      imageBlobName: doc[IMAGE_FIELD[kind]],
      ...(input.confirmed ? { confirmed: true } : {}),
    })),
  });
  const decided: MeterSubmissionDoc = {
    ...doc,
    status: corrected ? 'corrected' : 'accepted',
    ...(corrected
      ? { correctedElectricityIndex: values.electricity, correctedWaterIndex: values.water }
      : {}),
    decidedBy: user.userID,
    ...(user.account.fullName ? { decidedByName: user.account.fullName } : {}),
    decidedOn: deps.now().toISOString(),
  };
  const saved = await replaceAudited(actor, decided, doc._etag as string, {
    action: corrected ? 'acceptCorrected' : 'accept',
    entity: 'meterSubmission',
    entityID: doc.meterSubmissionID,
    details: { roomID: doc.roomID, month: doc.month, electricity: values.electricity, water: values.water },
  });
  return entityView(saved);
}
