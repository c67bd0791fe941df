import {
  identityErasureDate,
  IDENTITY_PHOTO_FIELDS,
  stayEnded,
  withoutIdentity,
} from '../../domain/personalData.js';
import { lesseeSearchText } from '../../domain/lessees.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, HouseDoc, LesseeInfoDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { recordAudit } from '../shared/audit.js';
import type { Deps } from '../shared/deps.js';
import { acrossHouses, authorizeHouse, houseDocs, listInHouse } from '../shared/houseScope.js';
import { deleteStoredFile } from '../shared/uploads.js';

/** One occupant whose identity data will be erased, as the landlord sees it. */
export interface PlannedErasure {
  lesseeInfoID: string;
  contractID: string;
  occupantName: string;
  /** The last day of the stay. */
  stayEndedOn: string;
  /** The day the nightly job erases the identity number and photos. */
  erasureDate: string;
  erasureRequestedAt?: string;
}

async function plannedErasures(
  deps: Deps,
  house: HouseDoc,
): Promise<Array<PlannedErasure & { lessee: LesseeInfoDoc }>> {
  const [lessees, contracts] = await Promise.all([
    listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo'),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract'),
  ]);
  const byID = new Map(contracts.map((contract) => [contract.contractID, contract]));
  return lessees
    .flatMap((lessee) => {
      const contract = byID.get(lessee.contractID);
      const erasureDate = contract && identityErasureDate(lessee, contract, house.identityRetentionMonths);
      if (!contract || !erasureDate) return [];
      const ended = stayEnded(lessee, contract) ?? erasureDate;
      return [
        {
          lessee,
          lesseeInfoID: lessee.lesseeInfoID,
          contractID: lessee.contractID,
          occupantName: lessee.occupantName,
          stayEndedOn: ended,
          erasureDate,
          ...(lessee.erasureRequestedAt ? { erasureRequestedAt: lessee.erasureRequestedAt } : {}),
        },
      ];
    })
    .sort(
      (a, b) =>
        a.erasureDate.localeCompare(b.erasureDate) || a.occupantName.localeCompare(b.occupantName, 'vi'),
    );
}

/**
 * `GET /api/PersonalData/Erasures?houseID=…`: the people who left whose identity number and photos the
 * nightly job will erase, and when (the landlord and the house's staff).
 */
export async function listPlannedErasures(actor: Actor, houseID: string): Promise<PlannedErasure[]> {
  const house = await authorizeHouse(actor.deps, actor.user, houseID);
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  return (await plannedErasures(actor.deps, house)).map(({ lessee: _lessee, ...planned }) => planned);
}

const SYSTEM_ORIGIN = { ip: 'system', userAgent: 'nightly maintenance' };

/**
 * The nightly erasure: every occupant whose retention ran out today or earlier loses the identity
 * number, its issue details and the photos (their blobs and thumbnails deleted too); the name, the
 * contacts and the stay's dates stay, with the day of erasure. Each erasure is in the system log.
 */
export async function eraseExpiredIdentityData(deps: Deps): Promise<number> {
  const today = vietnamDate(deps.now());
  const houses = await acrossHouses<HouseDoc>(deps, { op: 'eq', field: 'type', value: 'house' });
  let erased = 0;
  for (const house of houses) {
    const { houseID } = house;
    for (const { lessee, erasureDate } of await plannedErasures(deps, house)) {
      if (erasureDate > today) continue;
      const next = withoutIdentity(lessee, deps.now().toISOString());
      await houseDocs<LesseeInfoDoc>(deps).replace(
        { ...next, searchText: lesseeSearchText(next) },
        lessee._etag ? { ifMatch: lessee._etag } : {},
      );
      for (const field of IDENTITY_PHOTO_FIELDS) {
        const blobName = lessee[field];
        if (blobName) await deleteStoredFile(deps, 'lessee-infor', blobName);
      }
      await recordAudit(deps, null, SYSTEM_ORIGIN, {
        action: 'eraseIdentityData',
        entity: 'lesseeInfo',
        entityID: lessee.lesseeInfoID,
        houseID,
      });
      erased += 1;
    }
  }
  return erased;
}
