import { CONTRACT_MESSAGES, contractCreateSchema, type FileLink } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newBlobName } from '../../api/src/domain/shared/blobNames.js';
import type { ContractDoc, HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import {
  CONTRACT_IMAGE_VERSION_MODEL,
  CONTRACT_SERVICE_MODEL,
} from '../../api/src/domain/shared/odata/model.js';
import { grantRead } from '../../api/src/useCases/blobAccess.js';
import {
  addPaperVersion,
  getContractDocument,
  listPaperVersions,
} from '../../api/src/useCases/contractDocuments.js';
import {
  createContractService,
  deleteContractService,
  listContractServices,
} from '../../api/src/useCases/contractServices.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import {
  createGuestLink,
  guestContractDocument,
  readGuestContract,
  revokeGuestLink,
  signGuestContract,
} from '../../api/src/useCases/guestContracts.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { deleteVehicle } from '../../api/src/useCases/vehicles.js';
import { findUserByUsername } from '../../api/src/useCases/shared/users.js';
import { tenantConfirms } from '../support/tenancyLinks.js';
import { aFee, aHouse, aLandlord, aRoom, PNG_BYTES } from '../support/builders.js';
import {
  actorFor,
  expectRefusal,
  odata,
  TEST_ORIGIN,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

const SIGNATURE = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`;

async function readContract(): Promise<ContractDoc> {
  return (await houseDocs<ContractDoc>(deps).read(house.houseID, contract.contractID)) as ContractDoc;
}

async function pdfBytes(link: FileLink): Promise<Buffer> {
  return Buffer.from((await h.blobs.download('contract-pdf', link.blobName)) ?? new Uint8Array());
}

/** The token of a guest-link URL. */
function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-23T03:00:00Z') }));
  room = await aRoom(deps, house, { price: 3_100_000 });
  const parking = await aFee(deps, house, { serviceName: 'Gửi xe máy', price: 150_000, unit: 'vehicle' });
  const created = await createContract(
    actorFor(deps, landlord),
    contractCreateSchema.parse({
      roomID: room.roomID,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      deposit: 3_000_000,
      representative: {
        occupantName: 'Nguyễn Thị Lan',
        gender: 'nữ',
        phoneNumber: '0901234567',
        citizenID: '079301001234',
      },
      occupants: [{ occupantName: 'Trần Văn Nam', gender: 'nam' }],
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: '59-X3 123.45', ownerIndex: 1 }],
      services: [{ serviceID: parking.serviceID, vehicleIndex: 0 }],
    }),
  );
  contract = (await houseDocs<ContractDoc>(deps).read(
    house.houseID,
    created.contractID as string,
  )) as ContractDoc;
});
afterEach(() => h.close());

describe('the contract PDF', () => {
  it('is rendered once, embeds a Vietnamese font, and is rendered again only when the contract changes', async () => {
    const first = await getContractDocument(actorFor(deps, landlord), contract.contractID);
    const bytes = await pdfBytes(first);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Subset fonts are named XXXXXX+DejaVuSans: the document carries the font with the diacritics.
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect((await readContract()).contractPDFFileURL).toBe(first.blobName);

    const again = await getContractDocument(actorFor(deps, landlord), contract.contractID);
    expect(again.blobName).toBe(first.blobName);

    await houseDocs<ContractDoc>(deps).patch(house.houseID, contract.contractID, [
      { op: 'set', path: '/endDate', value: '2028-11-30' },
    ]);
    const changed = await getContractDocument(actorFor(deps, landlord), contract.contractID);
    expect(changed.blobName).not.toBe(first.blobName);
    expect(await h.blobs.blobExists('contract-pdf', first.blobName)).toBe(false);
  });

  it('is read by the contract’s tenant, not by another landlord', async () => {
    await tenantConfirms(deps, contract.contractID, 'NguoiThue2026');
    const tenant = (await findUserByUsername(deps, '0901234567')) as UserDoc;
    const link = await getContractDocument(
      actorFor(deps, { ...tenant, mustChangePassword: false }),
      contract.contractID,
    );
    expect(link.url).toContain(link.blobName);
    const stranger = await aLandlord(deps);
    await expectRefusal(getContractDocument(actorFor(deps, stranger), contract.contractID), 'notFound', /.+/);
  });
});

describe('guest links', () => {
  it('open the contract without an account, sign it once, and the PDF shows the signature', async () => {
    const link = await createGuestLink(actorFor(deps, landlord), contract.contractID);
    expect(link.url).toMatch(
      new RegExp(`^http://localhost:4280/guestContract/${contract.contractID}\\?token=`),
    );
    expect(new Date(link.expiresOn).getTime() - deps.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const token = tokenOf(link.url);

    const view = await readGuestContract(deps, TEST_ORIGIN, contract.contractID, token);
    expect(view).toMatchObject({
      rentFee: 3_100_000,
      deposit: 3_000_000,
      room: { roomName: room.roomName },
      representative: { occupantName: 'Nguyễn Thị Lan', phoneNumber: '0901234567' },
      occupants: ['Trần Văn Nam'],
      services: [{ serviceName: 'Gửi xe máy', price: 150_000, unit: 'vehicle' }],
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: '59-X3 123.45' }],
    });
    expect(JSON.stringify(view)).not.toContain('079301001234');
    expect(view.signedOn).toBeUndefined();

    const unsigned = await guestContractDocument(deps, TEST_ORIGIN, contract.contractID, token);
    const signed = await signGuestContract(deps, TEST_ORIGIN, {
      contractID: contract.contractID,
      token,
      signature: SIGNATURE,
    });
    expect(signed.signedOn).toBe(deps.now().toISOString());
    const stored = await readContract();
    expect(stored.representativeLesseeSignature).toMatch(/\/signature-\d+-[a-z0-9]{6}\.png$/);
    expect(await h.blobs.blobExists('contract-pdf', stored.representativeLesseeSignature as string)).toBe(
      true,
    );

    const withSignature = await guestContractDocument(deps, TEST_ORIGIN, contract.contractID, token);
    expect(withSignature.blobName).not.toBe(unsigned.blobName);
    expect((await pdfBytes(withSignature)).byteLength).toBeGreaterThan((await pdfBytes(unsigned)).byteLength);

    await expectRefusal(
      signGuestContract(deps, TEST_ORIGIN, { contractID: contract.contractID, token, signature: SIGNATURE }),
      'conflict',
      CONTRACT_MESSAGES.alreadySigned,
    );
  });

  it('stop working when revoked, replaced, expired, tampered with or used for another contract', async () => {
    const actor = actorFor(deps, landlord);
    const first = tokenOf((await createGuestLink(actor, contract.contractID)).url);
    const second = tokenOf((await createGuestLink(actor, contract.contractID)).url);
    const invalid = (token: string, contractID = contract.contractID) =>
      expectRefusal(
        readGuestContract(deps, TEST_ORIGIN, contractID, token),
        'notFound',
        CONTRACT_MESSAGES.guestLinkInvalid,
      );

    await invalid(first);
    await readGuestContract(deps, TEST_ORIGIN, contract.contractID, second);
    await invalid(`${second.slice(0, -3)}abc`);
    await invalid('');
    const otherRoom = await aRoom(deps, house);
    await invalid(second, otherRoom.roomID);

    h.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    await invalid(second);

    const third = tokenOf((await createGuestLink(actor, contract.contractID)).url);
    await revokeGuestLink(actor, contract.contractID);
    await invalid(third);
    expect((await readContract()).guestLinkExpiresOn).toBeUndefined();
  });

  it('refuse a signature that is not a PNG, and signing an ended contract', async () => {
    const token = tokenOf((await createGuestLink(actorFor(deps, landlord), contract.contractID)).url);
    await expectRefusal(
      signGuestContract(deps, TEST_ORIGIN, {
        contractID: contract.contractID,
        token,
        signature: `data:image/png;base64,${Buffer.from('<svg></svg>').toString('base64')}`,
      }),
      'badRequest',
      /.*/,
    );
    await terminateContract(actorFor(deps, landlord), {
      contractID: contract.contractID,
      terminationDate: '2026-12-15',
      reason: 'Chuyển đi',
      damageCharges: 0,
    });
    await expectRefusal(
      signGuestContract(deps, TEST_ORIGIN, { contractID: contract.contractID, token, signature: SIGNATURE }),
      'conflict',
      CONTRACT_MESSAGES.notActive,
    );
    expect((await readContract()).representativeLesseeSignature).toBeUndefined();
  });
});

describe('paper versions', () => {
  async function uploadPaper(extension: 'pdf' | 'png', bytes: Uint8Array): Promise<string> {
    const blobName = newBlobName('paper-contracts', house.houseID, extension, deps.now(), 'abc123');
    await deps.blobs.upload('paper-contracts', blobName, bytes, 'application/octet-stream');
    h.clock.advance(1);
    return blobName;
  }

  it('are numbered, listed newest first, and readable by the contract’s tenant', async () => {
    const actor = actorFor(deps, landlord);
    const first = await uploadPaper('png', PNG_BYTES);
    const second = await uploadPaper('pdf', Buffer.from('%PDF-1.4\ntrailer\n<<>>\nstartxref\n9\n%%EOF\n'));
    expect(await addPaperVersion(actor, { contractID: contract.contractID, blobName: first })).toMatchObject({
      version: 1,
      fileType: 'png',
    });
    await addPaperVersion(actor, { contractID: contract.contractID, blobName: second, note: 'Bản ký lại' });
    const page = await listPaperVersions(
      actor,
      { contractID: contract.contractID },
      odata(CONTRACT_IMAGE_VERSION_MODEL),
    );
    expect(page.value.map((version) => [version.version, version.fileType, version.note])).toEqual([
      [2, 'pdf', 'Bản ký lại'],
      [1, 'png', undefined],
    ]);
    await expectRefusal(
      addPaperVersion(actor, { contractID: contract.contractID, blobName: first }),
      'conflict',
      /đã được thêm/,
    );
    await tenantConfirms(deps, contract.contractID, 'NguoiThue2026');
    const tenant = (await findUserByUsername(deps, '0901234567')) as UserDoc;
    const read = await grantRead(actorFor(deps, tenant), 'paper-contracts', second);
    expect(read.url).toContain(second);
  });

  it('refuse a file of another house and bytes that are neither PDF nor PNG', async () => {
    const actor = actorFor(deps, landlord);
    const elsewhere = newBlobName('paper-contracts', 'another-house-id', 'pdf', deps.now(), 'abc123');
    await expectRefusal(
      addPaperVersion(actor, { contractID: contract.contractID, blobName: elsewhere }),
      'badRequest',
      /.+/,
    );
    const fake = await uploadPaper('pdf', Buffer.from('not a pdf at all'));
    await expectRefusal(
      addPaperVersion(actor, { contractID: contract.contractID, blobName: fake }),
      'badRequest',
      /PDF/,
    );
    expect(await h.blobs.blobExists('paper-contracts', fake)).toBe(false);
  });
});

describe('contract services', () => {
  it('subscribe a vehicle to a per-vehicle fee once, and go with the vehicle', async () => {
    const actor = actorFor(deps, landlord);
    const fee = await aFee(deps, house, { serviceName: 'Gửi ô tô', price: 1_000_000, unit: 'vehicle' });
    const wifi = await aFee(deps, house, { serviceName: 'Internet', price: 100_000, unit: 'room' });
    const [vehicle] = (
      await houseDocs(deps).query({
        partitionKey: house.houseID,
        filter: { op: 'eq', field: 'type', value: 'vehicle' },
      })
    ).items as Array<{ vehicleID: string }>;
    const vehicleID = (vehicle as { vehicleID: string }).vehicleID;

    await expectRefusal(
      createContractService(actor, { contractID: contract.contractID, serviceID: fee.serviceID }),
      'badRequest',
      CONTRACT_MESSAGES.vehicleFeeNeedsVehicle,
    );
    await expectRefusal(
      createContractService(actor, { contractID: contract.contractID, serviceID: wifi.serviceID, vehicleID }),
      'badRequest',
      /theo xe/,
    );
    const subscribed = await createContractService(actor, {
      contractID: contract.contractID,
      serviceID: fee.serviceID,
      vehicleID,
    });
    expect(subscribed).toMatchObject({ serviceID: fee.serviceID, vehicleID });
    await expectRefusal(
      createContractService(actor, { contractID: contract.contractID, serviceID: fee.serviceID, vehicleID }),
      'conflict',
      CONTRACT_MESSAGES.serviceTaken,
    );
    await createContractService(actor, { contractID: contract.contractID, serviceID: wifi.serviceID });
    const listed = await listContractServices(
      actor,
      { contractID: contract.contractID },
      odata(CONTRACT_SERVICE_MODEL),
    );
    expect(listed.value).toHaveLength(3);

    await deleteContractService(actor, subscribed.contractServiceID as string);
    await deleteVehicle(actor, vehicleID);
    const left = await listContractServices(
      actor,
      { contractID: contract.contractID },
      odata(CONTRACT_SERVICE_MODEL),
    );
    expect(left.value.map((item) => item.serviceID)).toEqual([wifi.serviceID]);
  });

  it('refuse a service of another house and another landlord’s contract', async () => {
    const otherLandlord = await aLandlord(deps);
    const otherHouse = await aHouse(deps, otherLandlord);
    const foreign = await aFee(deps, otherHouse);
    await expectRefusal(
      createContractService(actorFor(deps, landlord), {
        contractID: contract.contractID,
        serviceID: foreign.serviceID,
      }),
      'conflict',
      CONTRACT_MESSAGES.unknownService,
    );
    await expectRefusal(
      createContractService(actorFor(deps, otherLandlord), {
        contractID: contract.contractID,
        serviceID: foreign.serviceID,
      }),
      'notFound',
      /.+/,
    );
  });
});
