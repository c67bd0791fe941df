import {
  BLOB_CONTAINERS,
  parseBlobName,
  thumbnailOriginal,
  UNREFERENCED_UPLOAD_MAX_AGE_MS,
  type BlobContainer,
} from '../../domain/shared/blobNames.js';
import { REGISTRATIONS_PARTITION, type UserDoc } from '../../domain/shared/model.js';
import type { Filter } from '../../store/store.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';

/** Whether an object of one slice references a blob of a container (`scope` is the name's houseID or registration scope). */
type ReferenceLookup = (deps: Deps, blobName: string, scope: string) => Promise<boolean>;

/** Rooms, devices and issue reports list their photos in `images` (all in the house's partition). */
const listedImage: ReferenceLookup = async (deps, blobName, scope) =>
  (await houseDocs(deps).count({
    partitionKey: scope,
    filter: { op: 'arrayContains', field: 'images', value: blobName },
  })) > 0;

/** A document of the house whose field holds the blob name. */
function fieldHolds(type: string, fields: readonly string[]): ReferenceLookup {
  return async (deps, blobName, scope) =>
    (await houseDocs(deps).count({
      partitionKey: scope,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: type },
          { op: 'or', items: fields.map((field) => ({ op: 'eq' as const, field, value: blobName })) },
        ],
      },
    })) > 0;
}

/** An occupant's identity papers and portrait, and the receipt of their residence declaration. */
const lesseePaper = fieldHolds('lesseeInfo', [
  'citizenIDFrontImage',
  'citizenIDBackImage',
  'portraitImage',
  'residenceReceiptImage',
]);
/** A landlord's own identity photos (scope: their userID), kept with their lessor info. */
const lessorPaper: ReferenceLookup = async (deps, blobName, scope) => {
  const account = await deps.store.container<UserDoc>('users').read(scope, scope);
  const info = account?.type === 'user' ? account.lessorInfo : undefined;
  return info?.citizenIDFrontImage === blobName || info?.citizenIDBackImage === blobName;
};
/** A contract's generated PDF and the signature drawn on it. */
const contractFile = fieldHolds('contract', ['contractPDFFileURL', 'representativeLesseeSignature']);
/** A handover record's PDF and the two signatures drawn on it (its photos are in `images`). */
const handoverFile = fieldHolds('handover', ['pdfBlobName', 'lessorSignature', 'lesseeSignature']);
/** A photo of a meter taken with a reading (uploaded as a room image of the house). */
const meterPhoto = fieldHolds('meterRecord', ['imageBlobName']);
/** A tenant's photo of a meter sent with their own readings (issue 27). */
const tenantMeterPhoto = fieldHolds('meterSubmission', ['electricityImage', 'waterImage']);
/** A photo a tenant sent with a question about a bill line. */
const questionPhoto = fieldHolds('billDispute', ['image']);
/** A photo of an expense's receipt (uploaded as a room image of the house). */
const expenseReceipt = fieldHolds('expense', ['receiptBlobName']);
/** A registered scan of a paper contract. */
const paperVersion = fieldHolds('contractImageVersion', ['blobName']);
/** A registration's identity papers (the name's scope is the anonymous upload's own, not an id). */
const registrationPaper: ReferenceLookup = async (deps, blobName) =>
  (await deps.store.container('platform').count({
    partitionKey: REGISTRATIONS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'registration' },
        { op: 'arrayContains', field: 'papers', value: blobName },
      ],
    },
  })) > 0;

/**
 * Who references a blob, per container. A blob no object references gets no read URL and is deleted
 * by the nightly maintenance a day after its upload. A slice whose objects keep files adds its
 * lookup here.
 */
const REFERENCES: Record<BlobContainer, readonly ReferenceLookup[]> = {
  'room-images': [listedImage, meterPhoto, tenantMeterPhoto, questionPhoto, expenseReceipt],
  'contract-pdf': [contractFile, handoverFile],
  'lessee-infor': [lesseePaper, lessorPaper],
  'hm-registration': [registrationPaper],
  'paper-contracts': [paperVersion],
};

/** Whether a paper-contract scan belongs to this contract (a tenant reads their own contract's). */
export async function isPaperVersionOf(
  deps: Deps,
  blobName: string,
  houseID: string,
  contractID: string,
): Promise<boolean> {
  return (
    (await houseDocs(deps).count({
      partitionKey: houseID,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'contractImageVersion' },
          { op: 'eq', field: 'contractID', value: contractID },
          { op: 'eq', field: 'blobName', value: blobName },
        ],
      },
    })) > 0
  );
}

/**
 * Whether a photo of the house is one a tenant may see: of their own room (the room's or a device's
 * photos, a meter reading's), or of an issue they reported under their contract. Another tenant's room
 * or issue photo in the same house is not theirs, even by its name.
 */
export async function isTenantsOwnPhoto(
  deps: Deps,
  blobName: string,
  houseID: string,
  tenant: { roomID?: string; contractID?: string },
): Promise<boolean> {
  const mine: Filter[] = [];
  if (tenant.roomID !== undefined) {
    mine.push(
      {
        op: 'and',
        items: [
          { op: 'in', field: 'type', values: ['room', 'device'] },
          { op: 'eq', field: 'roomID', value: tenant.roomID },
          { op: 'arrayContains', field: 'images', value: blobName },
        ],
      },
      {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'meterRecord' },
          { op: 'eq', field: 'roomID', value: tenant.roomID },
          { op: 'eq', field: 'imageBlobName', value: blobName },
        ],
      },
      {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'meterSubmission' },
          { op: 'eq', field: 'roomID', value: tenant.roomID },
          {
            op: 'or',
            items: [
              { op: 'eq', field: 'electricityImage', value: blobName },
              { op: 'eq', field: 'waterImage', value: blobName },
            ],
          },
        ],
      },
    );
  }
  if (tenant.contractID !== undefined) {
    mine.push({
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'billDispute' },
        { op: 'eq', field: 'contractID', value: tenant.contractID },
        { op: 'eq', field: 'image', value: blobName },
      ],
    });
    mine.push({
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'issue' },
        { op: 'eq', field: 'contractID', value: tenant.contractID },
        { op: 'arrayContains', field: 'images', value: blobName },
      ],
    });
  }
  if (mine.length === 0) return false;
  return (await houseDocs(deps).count({ partitionKey: houseID, filter: { op: 'or', items: mine } })) > 0;
}

export async function isReferenced(deps: Deps, container: BlobContainer, blobName: string): Promise<boolean> {
  // A thumbnail lives as long as its photo.
  const original = thumbnailOriginal(blobName);
  if (original) return isReferenced(deps, container, original);
  const name = parseBlobName(container, blobName);
  if (!name) return false;
  for (const lookup of REFERENCES[container]) {
    if (await lookup(deps, blobName, name.scope)) return true;
  }
  return false;
}

/** Most blobs one nightly run looks at per container; the rest wait for the next night. */
const SWEEP_LIMIT = 5000;

/** Deletes uploads older than a day that nothing references, in every container; returns how many. */
export async function removeUnreferencedUploads(deps: Deps): Promise<number> {
  const cutoff = deps.now().getTime() - UNREFERENCED_UPLOAD_MAX_AGE_MS;
  let removed = 0;
  for (const container of BLOB_CONTAINERS) {
    let seen = 0;
    for await (const blob of deps.blobs.list(container)) {
      if (++seen > SWEEP_LIMIT) break;
      if (blob.createdOn.getTime() > cutoff) continue;
      if (await isReferenced(deps, container, blob.name)) continue;
      await deps.blobs.delete(container, blob.name);
      removed += 1;
    }
  }
  return removed;
}
