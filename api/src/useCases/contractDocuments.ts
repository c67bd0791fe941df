import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ContractPaperVersionInput, FileLink } from '@nhatro/common';
import { parseBlobName, newBlobName, sniffFileType } from '../domain/shared/blobNames.js';
import { contractDocument, contractNumber, type ContractParticulars } from '../domain/contractDocuments.js';
import { AppError } from '../domain/shared/errors.js';
import type {
  ContractDoc,
  ContractImageVersionDoc,
  ContractServiceDoc,
  FeeDoc,
  LesseeInfoDoc,
  RoomDoc,
  VehicleDoc,
} from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { renderPdf } from '../documents/contractPdf.js';
import { audit, type Actor } from './shared/actor.js';
import { acceptUpload } from './blobAccess.js';
import { contractForCaller, listOfContract } from './contracts.js';
import type { Deps } from './shared/deps.js';
import { houseDocs, listInHouse, readHouse, requireID } from './shared/houseScope.js';
import type { EntityPage } from './shared/odataQuery.js';
import { findUser } from './shared/users.js';
import { entityView } from './shared/views.js';

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

function randomSuffix(): string {
  return randomBytes(6).toString('hex').slice(0, 6);
}

/**
 * The contract's PDF, rendered again only when what it shows changed (terms, occupants, services,
 * the signature): the stored fingerprint tells. Returns the blob name, which `contractPDFFileURL` keeps.
 */
export async function ensureContractPdf(deps: Deps, contract: ContractDoc): Promise<string> {
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
  const signature = contract.representativeLesseeSignature
    ? await deps.blobs.download('contract-pdf', contract.representativeLesseeSignature)
    : undefined;
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
export async function contractPdfLink(deps: Deps, contract: ContractDoc): Promise<FileLink> {
  const blobName = await ensureContractPdf(deps, contract);
  const issued = await deps.blobs.readSas('contract-pdf', blobName, READ_MINUTES);
  return { blobName, url: issued.url, expiresOn: issued.expiresOn };
}

/** `GET /api/Contract/Document?contractID=…`: the landlord, their staff, or the contract's own tenant. */
export async function getContractDocument(actor: Actor, contractID: string | undefined): Promise<FileLink> {
  const contract = await contractForCaller(actor, requireID(contractID, 'Mã hợp đồng'));
  return contractPdfLink(actor.deps, contract);
}

/** Registers a scan of the signed paper contract, numbered after the ones before it. */
export async function addPaperVersion(actor: Actor, input: ContractPaperVersionInput) {
  const { deps, user } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  const name = parseBlobName('paper-contracts', input.blobName);
  if (!name || name.scope !== contract.houseID) {
    throw AppError.validation([{ field: 'blobName', errorMessage: 'Tệp bản hợp đồng giấy không hợp lệ.' }]);
  }
  const earlier = await listInHouse<ContractImageVersionDoc>(deps, contract.houseID, 'contractImageVersion', {
    op: 'eq',
    field: 'contractID',
    value: contract.contractID,
  });
  if (earlier.some((version) => version.blobName === input.blobName)) {
    throw AppError.conflict('Tệp này đã được thêm làm một bản hợp đồng giấy.');
  }
  await acceptUpload(deps, 'paper-contracts', input.blobName);
  const head = await deps.blobs.head('paper-contracts', input.blobName, 8);
  const fileType = head ? sniffFileType(head.firstBytes) : undefined;
  if (!fileType) throw AppError.badRequest('Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.');
  const contractImageVersionID = randomUUID();
  const version: ContractImageVersionDoc = {
    id: contractImageVersionID,
    pk: contract.houseID,
    type: 'contractImageVersion',
    contractImageVersionID,
    houseID: contract.houseID,
    contractID: contract.contractID,
    version: Math.max(0, ...earlier.map((item) => item.version)) + 1,
    blobName: input.blobName,
    fileType,
    ...(input.note ? { note: input.note } : {}),
    uploadedBy: user.userID,
    uploadedByName: user.account.fullName,
    uploadedOn: deps.now().toISOString(),
  };
  const saved = await houseDocs<ContractImageVersionDoc>(deps).create(version);
  await audit(actor, {
    action: 'create',
    entity: 'contractImageVersion',
    entityID: contractImageVersionID,
    houseID: contract.houseID,
    details: { contractID: contract.contractID, version: version.version },
  });
  return entityView(saved);
}

/** `GET /odata/ContractImageVersion?contractID=…`: the paper versions of a contract, newest first. */
export function listPaperVersions(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  return listOfContract(actor, scope.contractID, 'contractImageVersion', query, [
    { field: 'version', desc: true },
  ]);
}
