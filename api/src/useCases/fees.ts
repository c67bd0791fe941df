import { randomUUID } from 'node:crypto';
import { FEE_TIERED_ONLY_ELECTRICITY, type FeeCreateInput, type FeeUpdateInput } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { meteredFeeConflict } from '../domain/fees.js';
import type { FeeDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { type Actor, createAudited, replaceAudited, writeAudited } from './shared/actor.js';
import {
  assertCurrent,
  authorizeHouse,
  authorizeHouseID,
  deleteAsRead,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  requireID,
  withChanges,
} from './shared/houseScope.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';
import { entityView } from './shared/views.js';

async function unitsInHouse(actor: Actor, houseID: string) {
  return (await listInHouse<FeeDoc>(actor.deps, houseID, 'service')).map((fee) => fee.unit);
}

/** A house's fees; without `houseID`, the caller's own house (a lessee's). */
export async function listFees(
  actor: Actor,
  scope: { houseID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const houseID = scope.houseID ?? actor.user.account.houseID;
  const checked = await authorizeHouseID(actor.deps, actor.user, requireID(houseID, 'Mã nhà trọ'));
  return listEntities(
    houseDocs<FeeDoc>(actor.deps),
    { partitionKey: checked, filter: { op: 'eq', field: 'type', value: 'service' } },
    query,
    [{ field: 'serviceName' }],
    entityView,
  );
}

export async function createFee(actor: Actor, input: FeeCreateInput) {
  const house = await authorizeHouse(actor.deps, actor.user, input.houseID);
  assertPricing(input);
  const conflict = meteredFeeConflict(
    { kind: 'create', unit: input.unit },
    await unitsInHouse(actor, house.houseID),
  );
  if (conflict) throw AppError.conflict(conflict);
  const serviceID = randomUUID();
  const fee = await createAudited<FeeDoc>(
    actor,
    {
      id: serviceID,
      pk: house.houseID,
      type: 'service',
      serviceID,
      houseID: house.houseID,
      serviceName: input.serviceName,
      price: input.price,
      unit: input.unit,
      ...(input.pricing ? { pricing: input.pricing } : {}),
    },
    { action: 'create', entity: 'service', entityID: serviceID },
  );
  return entityView(fee);
}

/** Only electricity can follow the national tiers. */
function assertPricing(fee: Pick<FeeDoc, 'unit' | 'pricing'>): void {
  if (fee.pricing === 'tiered' && fee.unit !== 'kWh') {
    throw AppError.validation([{ field: 'pricing', errorMessage: FEE_TIERED_ONLY_ELECTRICITY }]);
  }
}

export async function updateFee(
  actor: Actor,
  serviceID: string,
  input: Omit<FeeUpdateInput, 'serviceID'>,
  ifMatch?: string,
) {
  const { doc: fee } = await findInCallersHouse<FeeDoc>(actor.deps, actor.user, 'service', serviceID);
  assertCurrent(fee, ifMatch);
  const { next, changed } = withChanges(fee, input);
  if (changed.length === 0) return entityView(fee);
  assertPricing(next);
  if (changed.includes('unit')) {
    const conflict = meteredFeeConflict(
      { kind: 'update', from: fee.unit, to: next.unit },
      await unitsInHouse(actor, fee.houseID),
    );
    if (conflict) throw AppError.conflict(conflict);
  }
  const updated = await replaceAudited(actor, next, ifMatch ?? fee._etag, {
    action: 'update',
    entity: 'service',
    entityID: serviceID,
    details: { fields: changed },
  });
  return entityView(updated);
}

export async function deleteFee(actor: Actor, serviceID: string, ifMatch?: string): Promise<void> {
  const { doc: fee } = await findInCallersHouse<FeeDoc>(actor.deps, actor.user, 'service', serviceID);
  const conflict = meteredFeeConflict({ kind: 'delete', unit: fee.unit }, []);
  if (conflict) throw AppError.conflict(conflict);
  await writeAudited(actor, fee.pk, [deleteAsRead(fee, ifMatch)], {
    action: 'delete',
    entity: 'service',
    entityID: fee.serviceID,
  });
}
