import { contractCreateSchema, contractTerminateSchema, TENANCY_LINK_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { login } from '../../api/src/useCases/auth/sessions.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import { getContract } from '../../api/src/useCases/contracts/reading.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { findUserByUsername } from '../../api/src/useCases/shared/users.js';
import { confirmTenancyLink, resendTenancyLink } from '../../api/src/useCases/tenancyLinks.js';
import { CONTRACT_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { aHouse, aLandlord, aRoom, aStaff } from '../support/builders.js';
import { outboxMessages } from '../support/notificationBuilders.js';
import { linkCodeSent, tenantConfirms } from '../support/tenancyLinks.js';
import {
  actorFor,
  expectRefusal,
  landlordWithHouse,
  odata,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * Issue 21, defect 3: a person's account belongs to the person. Another landlord creating a contract with
 * the phone number of someone who has (or had) a tenancy elsewhere neither moves the account, nor resets
 * its password, nor learns anything: the reply is the same as for a number new to Nhà trọ. The tenancy
 * opens with the account only when the person confirms the code sent to their number.
 */

let h: UseCaseHarness;
let first: { landlord: UserDoc; house: HouseDoc; room: RoomDoc };
let second: { landlord: UserDoc; house: HouseDoc; rooms: RoomDoc[] };

const TENANT_PHONE = '0901234567';
/** Another number with the same last three digits, so that the masked numbers look the same too. */
const NEW_PHONE = '0987654567';
const TENANT_PASSWORD = 'NguoiThue2026';

function contractFor(roomID: string, phoneNumber: string, occupantName = 'Người Thuê Mới') {
  return contractCreateSchema.parse({
    roomID,
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    deposit: 3_000_000,
    representative: { occupantName, gender: 'nữ', phoneNumber },
    occupants: [],
    vehicles: [],
  });
}

beforeEach(async () => {
  const fixture = await landlordWithHouse({ now: new Date('2026-11-23T03:00:00Z') });
  h = fixture.h;
  first = {
    landlord: fixture.landlord,
    house: fixture.house,
    room: await aRoom(fixture.deps, fixture.house),
  };
  const landlord = await aLandlord(h.deps, { fullName: 'Chủ Trọ Thứ Hai' });
  const house = await aHouse(h.deps, landlord);
  second = { landlord, house, rooms: [await aRoom(h.deps, house), await aRoom(h.deps, house)] };
});
afterEach(() => h.close());

/** A tenant of the first landlord whose contract has ended: their own account, their own password. */
async function formerTenant(): Promise<UserDoc> {
  const { deps } = h;
  const actor = actorFor(deps, first.landlord);
  const created = await createContract(
    actor,
    contractFor(first.room.roomID, TENANT_PHONE, 'Tên Thật Chị Lan'),
  );
  await tenantConfirms(deps, created.contractID as string, TENANT_PASSWORD);
  await terminateContract(
    actor,
    contractTerminateSchema.parse({
      contractID: created.contractID,
      terminationDate: '2026-12-31',
      reason: 'Chuyển đi',
    }),
  );
  return (await findUserByUsername(deps, TENANT_PHONE)) as UserDoc;
}

describe('another landlord creating a contract with a former tenant’s phone (issue 21)', () => {
  it('moves nothing, resets nothing, and answers exactly as for a number new to Nhà trọ', async () => {
    const { deps } = h;
    const before = await formerTenant();
    const other = actorFor(deps, second.landlord);
    const known = await createContract(other, contractFor((second.rooms[0] as RoomDoc).roomID, TENANT_PHONE));
    const unknown = await createContract(other, contractFor((second.rooms[1] as RoomDoc).roomID, NEW_PHONE));

    // The account is exactly as it was: same house, same contract, same password, same sessions.
    expect(await findUserByUsername(deps, TENANT_PHONE)).toEqual(before);
    await expect(
      login(deps, { username: TENANT_PHONE, password: TENANT_PASSWORD }, TEST_ORIGIN),
    ).resolves.toMatchObject({ contractID: expect.any(String) });
    // The same answer for both numbers (the username apart), and nothing of the person's account.
    const shown = (reply: Record<string, unknown>) => {
      const {
        contractID: _id,
        roomID: _room,
        representativeLesseeID: _lessee,
        representativeAccount,
        ['@odata.etag']: _etag,
        ...rest
      } = reply;
      const { username: _username, ...account } = representativeAccount as Record<string, unknown>;
      return { ...rest, account };
    };
    expect(shown(known)).toEqual(shown(unknown));
    expect(known.representativeAccount).toEqual({
      username: TENANT_PHONE,
      linkPending: true,
      sentTo: '•••••••567',
      expiresOn: '2026-11-26T03:00:00.000Z',
    });
    const full = await getContract(
      other,
      known.contractID as string,
      odata(CONTRACT_MODEL, '$expand=lesseeInfors,renterRepresentative'),
    );
    expect(JSON.stringify([known, full])).not.toMatch(/Tên Thật|oneTimePassword|lesseeAccountID/);
    expect(full).toMatchObject({ accountLinkPending: true });
  });

  it('the person confirms with the code: their account opens the new tenancy with the password they chose', async () => {
    const { deps } = h;
    const before = await formerTenant();
    const other = actorFor(deps, second.landlord);
    const created = await createContract(
      other,
      contractFor((second.rooms[0] as RoomDoc).roomID, TENANT_PHONE),
    );
    const linked = await tenantConfirms(deps, created.contractID as string, 'MatKhauMoi2027');
    expect(linked).toEqual({
      username: TENANT_PHONE,
      houseName: second.house.houseName,
      roomName: (second.rooms[0] as RoomDoc).roomName,
    });
    const after = await findUserByUsername(deps, TENANT_PHONE);
    expect(after).toMatchObject({
      userID: before.userID,
      fullName: 'Tên Thật Chị Lan',
      houseID: second.house.houseID,
      contractID: created.contractID,
    });
    const contract = await houseDocs<ContractDoc>(deps).read(
      second.house.houseID,
      created.contractID as string,
    );
    expect(contract).toMatchObject({ lesseeAccountID: before.userID });
    expect(contract?.accountLinkPending).toBeUndefined();
    await expectRefusal(
      login(deps, { username: TENANT_PHONE, password: TENANT_PASSWORD }, TEST_ORIGIN),
      'unauthenticated',
      /./,
    );
    await expect(
      login(deps, { username: TENANT_PHONE, password: 'MatKhauMoi2027' }, TEST_ORIGIN),
    ).resolves.toMatchObject({ contractID: created.contractID });
  });

  it('a landlord’s own number: the contract waits, the account is untouched, only the code holder is told why', async () => {
    const { deps } = h;
    const owner = await aLandlord(deps, { username: '0912345678', fullName: 'Chủ Trọ Có Số Này' });
    const created = await createContract(
      actorFor(deps, second.landlord),
      contractFor((second.rooms[0] as RoomDoc).roomID, owner.username),
    );
    expect(created).toMatchObject({ accountLinkPending: true, representativeAccount: { linkPending: true } });
    await expectRefusal(
      tenantConfirms(deps, created.contractID as string, 'MatKhauMoi2027'),
      'conflict',
      TENANCY_LINK_MESSAGES.notTenantAccount,
    );
    expect(await findUserByUsername(deps, owner.username)).toEqual(owner);
    expect(JSON.stringify(created)).not.toContain('Chủ Trọ Có Số Này');
  });

  it('staff of the house do the same: no account moves', async () => {
    const { deps } = h;
    const before = await formerTenant();
    const staff = await aStaff(deps, { houses: [second.house] });
    const created = await createContract(
      actorFor(deps, staff),
      contractFor((second.rooms[0] as RoomDoc).roomID, TENANT_PHONE),
    );
    expect(created.representativeAccount).toMatchObject({ linkPending: true });
    expect(await findUserByUsername(deps, TENANT_PHONE)).toEqual(before);
  });
});

describe('the code', () => {
  async function pending() {
    const created = await createContract(
      actorFor(h.deps, second.landlord),
      contractFor((second.rooms[0] as RoomDoc).roomID, NEW_PHONE),
    );
    return created.contractID as string;
  }

  it('five wrong codes spend the link; the right one after that is refused too', async () => {
    const contractID = await pending();
    const { linkID, code } = await linkCodeSent(h.deps, contractID);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expectRefusal(
        confirmTenancyLink(h.deps, TEST_ORIGIN, { linkID, code: wrong, newPassword: TENANT_PASSWORD }),
        'badRequest',
        /./,
      );
    }
    await expectRefusal(
      confirmTenancyLink(h.deps, TEST_ORIGIN, { linkID, code, newPassword: TENANT_PASSWORD }),
      'badRequest',
      /./,
    );
    expect(await findUserByUsername(h.deps, NEW_PHONE)).toBeUndefined();
  });

  it('expires after three days and is single use; an unknown link is refused like a used one', async () => {
    const contractID = await pending();
    const sent = await linkCodeSent(h.deps, contractID);
    h.clock.advance(72 * 60 * 60 * 1000);
    await expectRefusal(
      confirmTenancyLink(h.deps, TEST_ORIGIN, { ...sent, newPassword: TENANT_PASSWORD }),
      'badRequest',
      /./,
    );
    // The landlord sends a new one: it works once.
    await resendTenancyLink(actorFor(h.deps, second.landlord), contractID);
    const fresh = await linkCodeSent(h.deps, contractID);
    expect(fresh.linkID).toBe(sent.linkID);
    await confirmTenancyLink(h.deps, TEST_ORIGIN, { ...fresh, newPassword: TENANT_PASSWORD });
    await expectRefusal(
      confirmTenancyLink(h.deps, TEST_ORIGIN, { ...fresh, newPassword: TENANT_PASSWORD }),
      'badRequest',
      TENANCY_LINK_MESSAGES.linkInvalid,
    );
    await expectRefusal(
      confirmTenancyLink(h.deps, TEST_ORIGIN, {
        linkID: 'AAAAAAAAAAAAAAAAAAAAAA',
        code: fresh.code,
        newPassword: TENANT_PASSWORD,
      }),
      'badRequest',
      TENANCY_LINK_MESSAGES.linkInvalid,
    );
  });

  it('only the house’s landlord and staff may resend, once a minute', async () => {
    const contractID = await pending();
    await expectRefusal(resendTenancyLink(actorFor(h.deps, first.landlord), contractID), 'notFound', /./);
    h.clock.advance(30_000);
    await expectRefusal(
      resendTenancyLink(actorFor(h.deps, second.landlord), contractID),
      'tooManyRequests',
      TENANCY_LINK_MESSAGES.resendWait(30),
    );
    h.clock.advance(31_000);
    await expect(resendTenancyLink(actorFor(h.deps, second.landlord), contractID)).resolves.toEqual({
      sentTo: '•••••••567',
      expiresOn: expect.any(String),
    });
    expect(await outboxMessages(h.deps, 'tenancyLinkCode')).toHaveLength(2);
  });
});
