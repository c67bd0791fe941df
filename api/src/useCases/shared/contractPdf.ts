import {
  contractDocument,
  contractNumber,
  type ContractParticulars,
} from '../../domain/contractDocuments.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  ContractDoc,
  RoomDoc,
  LesseeInfoDoc,
  VehicleDoc,
  ContractServiceDoc,
  FeeDoc,
} from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { readHouse, houseDocs, listInHouse } from './houseScope.js';
import { findUser } from './users.js';
import { createHash } from 'node:crypto';
import { renderPdf } from '../../documents/contractPdf.js';
import { newBlobName } from '../../domain/shared/blobNames.js';
import type { FileLink } from '@nhatro/common';
import { randomSuffix } from './uploads.js';
import { type Asker, contractSignature } from './contractSignatures.js';

/**
 * The contract's PDF: its particulars gathered, rendered again only when they changed (a fingerprint is
 * kept next to the blob name), and a short-lived link to it (the contract document and the guest link).
 */

const READ_MINUTES = 15;
/** Lessee status 1: living in the room (2: moved out). */
const LIVING = 1;
/** The contract's house, room, landlord, current occupants (representative first), vehicles and services. */
export async function contractParticulars(deps: Deps, contract: ContractDoc): Promise<ContractParticulars> {
  const { houseID, contractID } = contract;
  const inContract = { op: 'eq', field: 'contractID', value: contractID } as const;
  const [house, room, lessees, vehicles, subscriptions, fees] = await Promise.all([
    readHouse(deps, houseID),
    houseDocs<RoomDoc>(deps).read(houseID, contract.roomID),
    listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', inContract),
    listInHouse<VehicleDoc>(deps, houseID, 'vehicle', inContract),
    listInHouse<ContractServiceDoc>(deps, houseID, 'contractService', inContract),
    listInHouse<FeeDoc>(deps, houseID, 'service'),
  ]);
  if (!house) throw AppError.notFound();
  const owner = await findUser(deps, house.ownerID);
  const lessorInfo = owner?.lessorInfo ?? { status: 2 as const };
  const current = lessees
    .filter((person) => person.status === LIVING)
    .sort(
      (a, b) =>
        Number(b.lesseeInfoID === contract.representativeLesseeID) -
          Number(a.lesseeInfoID === contract.representativeLesseeID) ||
        a.occupantName.localeCompare(b.occupantName, 'vi'),
    );
  const plates = new Map(vehicles.map((vehicle) => [vehicle.vehicleID, vehicle.licensePlate]));
  const feesByID = new Map(fees.map((fee) => [fee.serviceID, fee]));
  return {
    contract: {
      contractID,
      createdOn: contract.createdOn,
      startDate: contract.startDate,
      endDate: contract.endDate,
      rentFee: contract.rentFee,
      deposit: contract.deposit,
      ...(contract.isIncreased !== undefined ? { isIncreased: contract.isIncreased } : {}),
      ...(contract.increasedFee !== undefined ? { increasedFee: contract.increasedFee } : {}),
      ...(contract.representativeLesseeEmail
        ? { representativeLesseeEmail: contract.representativeLesseeEmail }
        : {}),
      ...(contract.representativeLesseeSignedOn
        ? { representativeLesseeSignedOn: contract.representativeLesseeSignedOn }
        : {}),
    },
    house: { houseName: house.houseName, houseAddress: house.houseAddress },
    room: {
      roomName: room?.type === 'room' ? room.roomName : '',
      ...(room?.type === 'room' ? { acreage: room.acreage, floor: room.floor } : {}),
    },
    lessor: { ...lessorInfo, fullName: lessorInfo.fullName ?? owner?.fullName ?? '' },
    lessees: current.map((person) => ({
      occupantName: person.occupantName,
      gender: person.gender,
      isRepresentative: person.isRepresentative,
      ...(person.dateOfBirth ? { dateOfBirth: person.dateOfBirth } : {}),
      ...(person.citizenID ? { citizenID: person.citizenID } : {}),
      ...(person.dateOfIssue ? { dateOfIssue: person.dateOfIssue } : {}),
      ...(person.placeOfIssue ? { placeOfIssue: person.placeOfIssue } : {}),
      ...(person.permanentResidence ? { permanentResidence: person.permanentResidence } : {}),
      ...(person.phoneNumber ? { phoneNumber: person.phoneNumber } : {}),
    })),
    vehicles: vehicles
      .map((vehicle) => ({ vehicleType: vehicle.vehicleType, licensePlate: vehicle.licensePlate }))
      .sort((a, b) => a.licensePlate.localeCompare(b.licensePlate)),
    services: subscriptions
      .flatMap((subscription) => {
        const fee = feesByID.get(subscription.serviceID);
        if (!fee) return [];
        const plate = subscription.vehicleID ? plates.get(subscription.vehicleID) : undefined;
        return [
          {
            serviceName: fee.serviceName,
            price: fee.price,
            unit: fee.unit,
            ...(plate ? { licensePlate: plate } : {}),
          },
        ];
      })
      .sort((a, b) => a.serviceName.localeCompare(b.serviceName, 'vi')),
  };
}

/**
 * The contract's PDF, rendered again only when what it shows changed (terms, occupants, services,
 * the signature): the stored fingerprint tells. Returns the blob name, which `contractPDFFileURL` keeps.
 * A signature that is not a usable image is discarded first (`contractSignature`): the PDF is then
 * the unsigned contract, never a failure.
 */
async function ensureContractPdf(deps: Deps, given: ContractDoc, asker: Asker): Promise<string> {
  const { contract, signature } = await contractSignature(deps, given, asker);
  const particulars = await contractParticulars(deps, contract);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(particulars))
    .update(contract.representativeLesseeSignature ?? '')
    .digest('base64url');
  const stored = contract.contractPDFFileURL;
  if (
    stored &&
    contract.contractPDFHash === fingerprint &&
    (await deps.blobs.blobExists('contract-pdf', stored))
  ) {
    return stored;
  }
  const pdf = await renderPdf(contractDocument(particulars), {
    title: `Hợp đồng thuê phòng ${particulars.room.roomName} – số ${contractNumber(contract.contractID)}`,
    ...(signature ? { signature } : {}),
  });
  const blobName = newBlobName('contract-pdf', contract.houseID, 'pdf', deps.now(), randomSuffix());
  await deps.blobs.upload('contract-pdf', blobName, pdf, 'application/pdf');
  await houseDocs<ContractDoc>(deps).patch(contract.houseID, contract.contractID, [
    { op: 'set', path: '/contractPDFFileURL', value: blobName },
    { op: 'set', path: '/contractPDFHash', value: fingerprint },
  ]);
  // The previous version is no longer referenced; the nightly sweep would remove it too.
  if (stored && stored !== blobName) await deps.blobs.delete('contract-pdf', stored).catch(() => undefined);
  return blobName;
}

/** A short-lived URL of the contract's PDF (generated when missing or out of date). */
export async function contractPdfLink(deps: Deps, contract: ContractDoc, asker: Asker): Promise<FileLink> {
  const blobName = await ensureContractPdf(deps, contract, asker);
  const issued = await deps.blobs.readSas('contract-pdf', blobName, READ_MINUTES);
  return { blobName, url: issued.url, expiresOn: issued.expiresOn };
}
