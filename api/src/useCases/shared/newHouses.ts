import { randomUUID } from 'node:crypto';
import type { FeeDoc, HouseDoc } from '../../domain/shared/model.js';
import { DEFAULT_METERED_FEES } from '../../domain/fees.js';

/**
 * A new house and its metered fees: creating a house, approving a registration (and the demo data).
 */

export function newHouseDoc(
  input: { houseName: string; houseAddress: string; ownerID: string; staffIDs?: string[] },
  createdOn: string,
): HouseDoc {
  const houseID = randomUUID();
  return {
    id: houseID,
    pk: houseID,
    type: 'house',
    houseID,
    houseName: input.houseName,
    houseAddress: input.houseAddress,
    ownerID: input.ownerID,
    staffIDs: input.staffIDs ?? [],
    createdOn,
  };
}

/** The electricity and water fees every house starts with (the landlord sets the real prices). */
export function newMeteredFeeDocs(houseID: string): FeeDoc[] {
  return DEFAULT_METERED_FEES.map((fee) => {
    const serviceID = randomUUID();
    return { id: serviceID, pk: houseID, type: 'service', serviceID, houseID, ...fee };
  });
}
