/**
 * Attacks on three issue-25 changes, through the real handlers on both stores: the landlord's details in a
 * tenant's or staff member's access token (never another landlord's, never the identity number, never a
 * changed payload, never stale after a change, the houses' mark never shown), the room page's occupants
 * read by room (the reply with the house named equals the one without) and the account plan in parts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { disabledStaff, staffSession } from '../support/scopeAttack.js';
import { secondTenantIn } from '../support/secondTenant.js';
import { expectError, expectFieldError, jwtPayload, type ApiSession } from './helpers.js';

interface Rows<T> {
  value: T[];
}
type Row = Record<string, unknown>;

/** The token with its payload replaced and its header and signature kept. */
function withPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, , signature] = token.split('.');
  const payload = jwtPayload(token);
  change(payload);
  return [header, Buffer.from(JSON.stringify(payload)).toString('base64url'), signature].join('.');
}

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  let s: Record<'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue' | 'admin', ApiSession>;
  let other: { staff: ApiSession; tenant: ApiSession; roomID: string; contractID: string };
  let [hoaSen, citizenID, chunha2House] = ['', '', ''];

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    s = (await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue', 'admin'])) as typeof s;
    hoaSen = s.nguoithue.houseID ?? '';
    const { roomID = '', contractID = '' } = s.nguoithue;
    await aMonthlyBill(product.services, { houseID: hoaSen, roomID, contractID }, { month: '2031-05' });
    const own = await api.getAs<{ citizenID?: string }>(s.chunha, '/odata/LessorInfor');
    citizenID = own.body.citizenID ?? '';
    expect(citizenID).not.toBe('');
    chunha2House = s.chunha2.houses[0]?.houseID ?? '';
    const second = await secondTenantIn(api, s.chunha, hoaSen, { phone: '0938777251', plate: '59X-725.01' });
    const staff = await staffSession(api, s.chunha2, {
      fullName: 'Phan Văn Khác',
      phoneNumber: '0938777252',
      username: 'phanvankhac',
      password: 'NhanVienKhac2026',
      houseIDs: [chunha2House],
    });
    other = { staff, tenant: second.session, roomID: second.roomID, contractID: second.contractID };
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const bodyOf = async (session: ApiSession | undefined, path: string) =>
    JSON.stringify((await api.getAs(session, path)).body);
  const setDetails = (body: Row, token = s.chunha.token.accessToken, headers: Record<string, string> = {}) =>
    api.request('PATCH', '/odata/LessorInfor', { token, body, headers });
  /** The demo staff member (nhanvien) given `houseID` too, or only it, in the store. */
  const assignStaff = async (houseID: string, only: boolean) => {
    const [users, houses] = [
      product.services.store.container<UserDoc>('users'),
      product.services.store.container<HouseDoc>('houses'),
    ];
    const staffID = s.nhanvien.userID;
    const kept = only ? [] : s.nhanvien.houses.map((house) => house.houseID);
    await users.patch(staffID, staffID, [
      { op: 'set', path: '/assignedHouseIDs', value: [...kept, houseID] },
    ]);
    const { staffIDs } = (await houses.read(houseID, houseID)) as HouseDoc;
    await houses.patch(houseID, houseID, [{ op: 'set', path: '/staffIDs', value: [...staffIDs, staffID] }]);
  };

  it('refuses a token whose landlord claim was changed, kept its signature, or never was signed', async () => {
    const token = s.nguoithue.token.accessToken;
    expect(jwtPayload(token).ll).toMatchObject({
      o: expect.any(String),
      i: { bankAccountNumber: '0071000123456' },
    });
    expect(JSON.stringify(jwtPayload(token))).not.toContain(citizenID);
    const forged = [
      withPayload(token, (p) => Object.assign((p.ll as { i: Row }).i, { bankAccountNumber: '9999999999' })),
      withPayload(token, (p) => Object.assign(p, { ll: { o: s.chunha2.userID, i: { status: 1 } } })),
      withPayload(token, (p) => Object.assign(p, { ll: 'rác', iat: 4102444800 })),
      withPayload(token, (p) => delete p.ll),
    ];
    const bills = `/odata/Bill?roomID=${s.nguoithue.roomID ?? ''}`;
    for (const bad of forged) expect((await api.request('GET', bills, { token: bad })).status).toBe(401);
    // Staff and tenants carry their own landlord; landlords and the super admin none.
    expect(jwtPayload(s.nhanvien.token.accessToken).ll).toMatchObject({ o: s.chunha.userID });
    expect(jwtPayload(other.staff.token.accessToken).ll).toMatchObject({ o: s.chunha2.userID });
    for (const name of ['chunha', 'chunha2', 'admin'] as const) {
      expect(jwtPayload(s[name].token.accessToken)).not.toHaveProperty('ll');
    }
  });

  it("never shows the landlord's identity number, the houses' mark or another landlord's account", async () => {
    const { roomID = '', contractID = '' } = s.nguoithue;
    const asTenant = [
      `/odata/Bill?roomID=${roomID}`,
      '/odata/Contract?$expand=lessorInfo,room',
      `/odata/Contract/${contractID}?$expand=lessorInfo`,
      '/odata/House?$expand=rooms,lessorInfo',
      `/odata/House/${hoaSen}?$expand=lessorInfo`,
    ];
    const asStaff = [
      '/odata/House?$expand=lessorInfo',
      `/odata/House/${hoaSen}?$expand=lessorInfo,contracts($expand=lessorInfo)`,
      `/odata/Contract?houseID=${hoaSen}&$expand=lessorInfo`,
      `/odata/MonthlyBill?houseID=${hoaSen}`,
    ];
    const seen: Array<[string, string]> = [];
    for (const path of asTenant) {
      seen.push([`nguoithue ${path}`, await bodyOf(s.nguoithue, path)]);
      seen.push([`other tenant ${path}`, await bodyOf(other.tenant, path)]);
    }
    for (const path of asStaff) seen.push([`nhanvien ${path}`, await bodyOf(s.nhanvien, path)]);
    for (const session of [other.staff, s.chunha2]) {
      for (const path of [...asStaff, `/odata/House/${chunha2House}?$expand=lessorInfo`]) {
        const body = await bodyOf(session, path);
        expect(body, path).not.toContain('0071000123456');
        seen.push([`chunha2's ${path}`, body]);
      }
    }
    for (const path of ['/odata/House', `/odata/House/${hoaSen}`]) {
      seen.push([`anonymous ${path}`, await bodyOf(undefined, path)]);
    }
    for (const [label, body] of seen) {
      expect(body, label).not.toContain(citizenID);
      expect(body, label).not.toContain('lessorInfoChangedAt');
    }
    // The tenant's own contract still names the landlord's account, as the claim carries it.
    expect(seen[2]?.[1]).toContain('0071000123456');
  });

  it('keeps the mark out of every house reply, whatever the query asks', async () => {
    expect((await setDetails({ email: 'hung.moi@example.com' })).status).toBe(200);
    // Refused as a field houses do not have (the message names what was asked), never answered.
    for (const query of ['$select=MARK', '$filter=MARK ne null', '$orderby=MARK']) {
      const reply = await api.getAs(s.chunha, `/odata/House?${query.replace('MARK', 'lessorInfoChangedAt')}`);
      expectError(reply, 400, 'Trường "lessorInfoChangedAt" không tồn tại.');
    }
    for (const name of ['nguoithue', 'nhanvien', 'chunha'] as const) {
      s[name] = await api.login(name, DEMO_PASSWORDS[name] ?? '');
      expect(JSON.stringify(s[name]), name).not.toContain('lessorInfoChangedAt');
      if (name !== 'chunha') expect(JSON.stringify(s[name]), name).not.toContain(citizenID);
    }
  });

  it('a refused change of the details marks no house; a rename with an ETag read before a change gets a clean 412', async () => {
    const token = s.chunha.token.accessToken;
    const house = async () =>
      (await product.services.store.container<HouseDoc>('houses').read(hoaSen, hoaSen))!;
    const before = await house();
    const refused = [
      await setDetails({ bankAccountNumber: '12' }),
      await setDetails({ address: 'Số 9' }, token, {
        'if-match': 'W/"datetime\'2020-01-01T00%3A00%3A00Z\'"',
      }),
      await setDetails({ address: 'Số 9' }, s.nhanvien.token.accessToken),
    ];
    expect(refused.map((reply) => reply.status)).toEqual([400, 412, 403]);
    const after = await house();
    expect([after._etag, after.lessorInfoChangedAt]).toEqual([before._etag, before.lessorInfoChangedAt]);

    const read = await api.getAs<{ '@odata.etag': string }>(s.chunha, `/odata/House/${hoaSen}`);
    expect((await setDetails({ address: 'Số 10 Lê Lợi' })).status).toBe(200);
    const rename = await api.request('PATCH', `/odata/House/${hoaSen}`, {
      token,
      body: { houseName: 'Nhà trọ Hoa Sen 2' },
      headers: { 'if-match': read.body['@odata.etag'] },
    });
    expectError(rename, 412, /[À-ỹ]/u);
  });

  it("shows the landlord's new account at once on a house created after the change", async () => {
    // The staff member's token was signed before the change; the house they are given after it.
    const staffToken = (await api.login('nhanvien', 'Nhanvien@123456')).token.accessToken;
    const changed = await setDetails({ bankName: 'Techcombank', bankAccountNumber: '19031234567890' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const created = await api.request<{ houseID: string }>('POST', '/odata/House', {
      token: s.chunha.token.accessToken,
      body: { houseName: 'Nhà trọ Mới Mở', houseAddress: '12 Nguyễn Trãi, Quận 5' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const newHouse = created.body.houseID;
    await assignStaff(newHouse, false);
    for (const house of [hoaSen, newHouse]) {
      const path = `/odata/House/${house}?$expand=lessorInfo`;
      const reply = await api.request<{ lessorInfo?: Row }>('GET', path, { token: staffToken });
      expect(reply.status).toBe(200);
      expect(reply.body.lessorInfo, house).toMatchObject({ bankAccountNumber: '19031234567890' });
    }
    // Every way the staff member's old token reaches the details shows the new account, never the old.
    for (const path of [
      '/odata/House?$expand=lessorInfo',
      '/odata/House?$select=houseName&$expand=lessorInfo',
      `/odata/Contract?houseID=${hoaSen}&$expand=lessorInfo`,
      `/odata/Contract?houseID=${hoaSen}&$select=contractID&$expand=lessorInfo,room`,
      `/odata/Bill?houseID=${hoaSen}&$filter=status lt 3`,
    ]) {
      const reply = await api.request('GET', path, { token: staffToken });
      expect(reply.status, path).toBe(200);
      expect(JSON.stringify(reply.body), path).not.toContain('0071000123456');
      expect(JSON.stringify(reply.body), path).toMatch(/19031234567890/);
    }
  });

  it('answers a room page with the house named exactly as without it, for every caller and expand', async () => {
    const people = await api.getAs<Rows<{ lesseeInfoID: string; isRepresentative?: boolean }>>(
      s.chunha,
      `/odata/Lessee?houseID=${hoaSen}&contractID=${other.contractID}`,
    );
    const mover = people.body.value.find((person) => !person.isRepresentative)?.lesseeInfoID ?? '';
    const token = s.chunha.token.accessToken;
    expect(
      (await api.request('PATCH', `/odata/LesseeInfor/${mover}`, { token, body: { status: 2 } })).status,
    ).toBe(200);
    // An ended contract of the same room before it, with one occupant written with the room, one without.
    const docs = product.services.store.container<HouseScopedDoc>('houses');
    const current = (await docs.read(hoaSen, other.contractID)) as ContractDoc;
    const old = { contractID: 'hd-cu-2029', houseID: hoaSen, pk: hoaSen };
    await docs.create({ ...current, ...old, id: old.contractID, status: 3, endDate: '2029-06-30' });
    for (const [index, id] of ['nguoi-cu-0', 'nguoi-cu-1'].entries()) {
      const where = index === 0 ? { roomID: other.roomID } : {};
      const person = { ...old, ...where, id, lesseeInfoID: id, type: 'lesseeInfo', status: 2, gender: 1 };
      await docs.create({ ...person, occupantName: `Người Cũ ${index}` } as LesseeInfoDoc);
    }
    const elsewhere = s.chunha.houses.find((house) => house.houseID !== hoaSen)?.houseID ?? '';
    const foreign = await api.getAs<Rows<{ roomID: string }>>(s.chunha, `/odata/Room?houseID=${elsewhere}`);
    const foreignRoom = foreign.body.value[0]?.roomID ?? '';
    expect(foreignRoom).not.toBe('');
    const expands = [
      'contracts,lesseeInfos',
      'lesseeInfors($filter=status eq 1;$orderby=occupantName desc;$top=1;$count=true)',
      'lesseeInfos($select=occupantName,status;$filter=status eq 2),vehicles',
      'contracts($expand=lesseeInfos($orderby=occupantName)),lesseeInfors',
      "lesseeInfos($filter=contains(occupantName,'Bí'))",
    ];
    const asked: Array<[ApiSession, string]> = [];
    for (const room of [s.nguoithue.roomID ?? '', other.roomID, foreignRoom]) {
      for (const expand of expands) asked.push([s.chunha, `roomID=${room}&$expand=${expand}`]);
      asked.push([s.nhanvien, `roomID=${room}&$expand=contracts,lesseeInfos`]);
    }
    asked.push([s.nguoithue, `roomID=${s.nguoithue.roomID ?? ''}&$expand=contracts,lesseeInfos`]);
    asked.push([s.nguoithue, `roomID=${other.roomID}&$expand=lesseeInfos`]);
    asked.push([other.staff, `roomID=${other.roomID}&$expand=lesseeInfos`]);
    asked.push([s.chunha2, `roomID=${other.roomID}&$expand=lesseeInfos`]);
    for (const bad of ["x'", '%00', 'a'.repeat(300)])
      asked.push([s.chunha, `roomID=${bad}&$expand=lesseeInfos`]);
    let occupantsSeen = 0;
    for (const [session, query] of asked) {
      const hinted = await api.getAs<Rows<Row>>(session, `/odata/Room?${query}&houseID=${hoaSen}`);
      const plain = await api.getAs<Rows<Row>>(session, `/odata/Room?${query}`);
      expect(hinted.status, query).toBeLessThan(500);
      expect([hinted.status, hinted.body], query).toEqual([plain.status, plain.body]);
      occupantsSeen += JSON.stringify(hinted.body).split('"lesseeInfoID"').length - 1;
    }
    expect(occupantsSeen).toBeGreaterThan(10);
    const oldRoom = await bodyOf(
      s.chunha,
      `/odata/Room?roomID=${other.roomID}&houseID=${hoaSen}&$expand=lesseeInfos`,
    );
    expect(oldRoom).toMatch(/Người Cũ 0.*Người Cũ 1/su);
  });

  it('gives each part of the account plan only to whom it belongs, and an expired term to the banner', async () => {
    const plan = (session: ApiSession | undefined, query: string) =>
      api.getAs<{ data: Row }>(session, `/api/User/AccountPlan${query}`);
    const keys = async (session: ApiSession, query: string) => {
      const reply = await plan(session, query);
      expect(reply.status, query).toBe(200);
      return Object.keys(reply.body.data).sort();
    };
    // The demo landlord's term, whatever it is: the keys the banner gets, never the quota or the prices.
    const term = await keys(s.chunha, '?part=term');
    expect(term).toContain('expired');
    expect(term.filter((key) => !['accountExpiresOn', 'daysLeft', 'expired'].includes(key))).toEqual([]);
    expect(await keys(s.chunha, '?part=quota')).toEqual([...term, 'roomQuota', 'roomsUsed'].sort());
    expect(await keys(s.chunha, '')).toEqual(expect.arrayContaining(['pricing', 'requests', 'roomQuota']));
    expect(await keys(s.chunha, '?PART=term')).toEqual(await keys(s.chunha, ''));
    expect(await keys(s.chunha, '?part=term&part=quota')).toEqual(term);
    for (const query of ['', '?part=quota', '?part=term'])
      expect(await keys(s.nhanvien, query)).toEqual(term);
    for (const part of ['?part=', '?part=all', '?part=TERM', '?part=term%00']) {
      const message = 'Phần gói dịch vụ không hợp lệ (part chỉ nhận term hoặc quota).';
      expectFieldError(await plan(s.chunha, part), 'part', message);
    }
    for (const session of [s.nguoithue, s.admin, other.tenant]) {
      expect((await plan(session, '?part=term')).status).toBe(403);
    }
    expect((await plan(undefined, '?part=term')).status).toBe(401);
    const expired = [{ op: 'set' as const, path: '/accountExpiresOn', value: '2020-01-31' }];
    await product.services.store
      .container<UserDoc>('users')
      .patch(s.chunha2.userID, s.chunha2.userID, expired);
    for (const session of [s.chunha2, other.staff]) {
      const banner = await plan(session, '?part=term');
      expect(banner.body.data).toMatchObject({ expired: true, accountExpiresOn: '2020-01-31' });
    }
    expect((await plan(s.chunha2, '?part=quota')).body.data).toMatchObject({ expired: true });
  });

  it('signs the newest details, survives long ones and races, refuses disabled staff and follows moved staff', async () => {
    const token = s.chunha.token.accessToken;
    const qrsOf = async (tenant: { token: { accessToken: string } }) => {
      const bills = await api.getAs<Rows<{ transferQR?: string }>>(
        tenant,
        `/odata/Bill?roomID=${s.nguoithue.roomID ?? ''}&$filter=status lt 3`,
      );
      expect(bills.status).toBe(200);
      return bills.body.value.flatMap((bill) => (bill.transferQR ? [bill.transferQR] : []));
    };
    // Twice within a minute, the tenant signing in between: the second account shows, and a refresh signs it.
    expect((await setDetails({ bankName: 'VCB', bankAccountNumber: '1012345678' })).status).toBe(200);
    const between = await api.login('nguoithue', 'Nguoithue@123456');
    const address = `Số ${'ễ'.repeat(290)}`;
    expect((await setDetails({ bankAccountNumber: '1087654321', address })).status).toBe(200);
    const qrs = await qrsOf(between);
    expect(qrs.length).toBeGreaterThan(0);
    expect(qrs.every((qr) => qr.includes('1087654321') && !qr.includes('1012345678'))).toBe(true);
    const body = { refreshToken: between.token.refreshToken };
    const refreshed = await api.request<typeof between>('POST', '/api/User/RefreshToken', { body });
    expect(refreshed.status).toBe(200);
    const { accessToken } = refreshed.body.token;
    expect(jwtPayload(accessToken).ll).toMatchObject({ i: { bankAccountNumber: '1087654321', address } });
    expect(accessToken.length).toBeLessThan(4000);
    expect(await qrsOf({ token: { accessToken } })).toEqual(qrs);

    // A rename with the house's ETag racing a change of the details: each is done or a clean 412.
    const read = await api.getAs<{ '@odata.etag': string }>(s.chunha, `/odata/House/${hoaSen}`);
    const raced = await Promise.all([
      api.request('PATCH', `/odata/House/${hoaSen}`, {
        token,
        body: { houseName: 'Nhà trọ Hoa Sen Mới' },
        headers: { 'if-match': read.body['@odata.etag'] },
      }),
      setDetails({ phoneNumber: '0912000111' }),
    ]);
    for (const reply of raced) {
      expect([200, 412], JSON.stringify(reply.body)).toContain(reply.status);
      if (reply.status === 412) expectError(reply, 412, /[À-ỹ]/u);
    }
    expect(raced[1]?.status).toBe(200);

    const disabled = await disabledStaff(api, s.chunha, hoaSen);
    for (const path of [`/odata/House/${hoaSen}?$expand=lessorInfo`, '/api/User/AccountPlan?part=term'])
      expect((await api.getAs(disabled, path)).status).toBe(401);

    // A staff member moved to another landlord's house, with a token naming the first landlord.
    await assignStaff(chunha2House, true);
    const chunha2Account = await api.getAs<Row>(s.chunha2, '/odata/LessorInfor');
    const path = `/odata/House/${chunha2House}?$expand=lessorInfo`;
    const moved = await api.getAs<{ lessorInfo: Row }>(s.nhanvien, path);
    expect(moved.status).toBe(200);
    expect(moved.body.lessorInfo.bankAccountNumber).toBe(chunha2Account.body.bankAccountNumber);
    expect(JSON.stringify(moved.body)).not.toMatch(/1087654321|0071000123456/);
    expect(moved.body.lessorInfo).not.toHaveProperty('citizenID');
  });
});
