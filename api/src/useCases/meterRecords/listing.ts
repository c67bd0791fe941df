import { MONTH_PATTERN } from '@nhatro/common';
import { lesseeScope } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import { METER_RULE_MESSAGES } from '../../domain/meterRecords.js';
import type { MeterRecordDoc } from '../../domain/shared/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import { vietnamMonth } from '../../domain/shared/time.js';
import type { Filter, OrderBy } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import { authorizeHouseID, houseDocs, requireID, roomForCaller } from '../shared/houseScope.js';
import { listEntities, type EntityPage } from '../shared/odataQuery.js';
import { entityView } from '../shared/views.js';

/**
 * Meter readings (`/odata/MeterRecord`): one record per room, meter kind and month. A reading is
 * checked against the previous one (or the meter's start), a replaced meter keeps its final index,
 * an implausible use needs the reader's confirmation, and the room's current indexes follow the
 * newest month (saving.ts, readingPlan.ts). Here: reading them.
 */

const MONTH_MESSAGE = 'Tháng ghi chỉ số không hợp lệ (định dạng yyyy-mm).';

function requireMonth(value: string): string {
  if (!MONTH_PATTERN.test(value))
    throw AppError.validation([{ field: 'month', errorMessage: MONTH_MESSAGE }]);
  return value;
}

/**
 * A house's readings of a month (`houseID`, `month` defaulting to this month in Vietnam), in floor
 * and room order; or one room's history (`roomID`, newest month first, `month` optional).
 * A lessee reads only their own room's.
 */
export async function listMeterRecords(
  actor: Actor,
  scope: { houseID?: string; roomID?: string; month?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const month = scope.month === undefined ? undefined : requireMonth(scope.month);
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'meterRecord' }];
  const roomID = scope.roomID ?? (scope.houseID === undefined ? lessee?.roomID : undefined);
  let houseID: string;
  let order: OrderBy[];
  if (roomID !== undefined) {
    const room = await roomForCaller(actor, requireID(roomID, 'Mã phòng'));
    houseID = room.houseID;
    conditions.push({ op: 'eq', field: 'roomID', value: room.roomID });
    if (month) conditions.push({ op: 'eq', field: 'month', value: month });
    order = [{ field: 'month', desc: true }, { field: 'kind' }];
  } else {
    if (scope.houseID === undefined) throw AppError.badRequest(METER_RULE_MESSAGES.houseRequired);
    houseID = await authorizeHouseID(deps, user, requireID(scope.houseID, 'Mã nhà trọ'));
    conditions.push({ op: 'eq', field: 'month', value: month ?? vietnamMonth(deps.now()) });
    if (lessee) conditions.push({ op: 'eq', field: 'roomID', value: lessee.roomID ?? '' });
    order = [{ field: 'floor' }, { field: 'roomName' }, { field: 'kind' }];
  }
  return listEntities(
    houseDocs<MeterRecordDoc>(deps),
    { partitionKey: houseID, filter: { op: 'and', items: conditions } },
    query,
    order,
    entityView,
  );
}
