import { ct01Document } from '../../domain/residence.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, LesseeInfoDoc, RoomDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { renderPdf } from '../../documents/contractPdf.js';
import type { Actor } from '../shared/actor.js';
import { findInCallersHouse, houseDocs } from '../shared/houseScope.js';
import { findUser } from '../shared/users.js';
import { occupantResidence } from './occupants.js';

/** "Nguyễn Văn An" → "nguyen-van-an" for the file name. */
function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'nguoi-thue'
  );
}

/**
 * `GET /api/Residence/CT01?lesseeInfoID=…`: the CT01 form prefilled for one occupant (A4 PDF, DejaVu
 * Sans embedded), for the landlord or the house's staff to print or attach on the portal. Rendered on
 * each request: it is small and prints today's date.
 */
export async function ct01Pdf(
  actor: Actor,
  lesseeInfoID: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { deps } = actor;
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  const { doc: lessee, house } = await findInCallersHouse<LesseeInfoDoc>(
    deps,
    actor.user,
    'lesseeInfo',
    lesseeInfoID,
  );
  const contract = await houseDocs<ContractDoc>(deps).read(house.houseID, lessee.contractID);
  if (contract?.type !== 'contract') throw AppError.notFound();
  const [room, owner] = await Promise.all([
    houseDocs<RoomDoc>(deps).read(house.houseID, contract.roomID),
    findUser(deps, house.ownerID),
  ]);
  const residence = occupantResidence(lessee, contract);
  const blocks = ct01Document({
    occupantName: lessee.occupantName,
    dateOfBirth: lessee.dateOfBirth,
    gender: lessee.gender,
    citizenID: lessee.citizenID,
    phoneNumber: lessee.phoneNumber,
    houseName: house.houseName,
    houseAddress: house.houseAddress,
    roomName: room?.type === 'room' ? room.roomName : '',
    landlordName: owner?.lessorInfo?.fullName ?? owner?.fullName ?? '',
    stay: { moveInDate: residence.moveInDate, plannedEndDate: residence.plannedEndDate },
    today: vietnamDate(deps.now()),
  });
  const pdf = await renderPdf(blocks, { title: `Tờ khai CT01 - ${lessee.occupantName}` });
  return { pdf, fileName: `CT01-${slug(lessee.occupantName)}.pdf` };
}
