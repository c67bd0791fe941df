/**
 * The dashboard report under load (issue 12): GET /odata/DashboardReport for a 500-room house with a
 * year of bills (6,000 monthly bills with their lines and payments, debts carried from month to month,
 * one-time charges, contracts ending soon, open issue reports), 50 connections, beside a bare Node
 * server answering the same bytes. The house's totals are rebuilt once before the run (timed here);
 * the run then reads them, not the bills. The reply is checked against a rebuild from the bills.
 */
import { randomUUID } from 'node:crypto';
import { BILL_STATUS, ROLE, type BillLine, type DashboardReport, type PaymentEntry } from '@nhatro/common';
import { loadConfig } from '../../api/src/config/index.js';
import { billCode } from '../../api/src/useCases/shared/billCodes.js';
import {
  firstKeptMonth,
  monthFigures,
  monthsBefore,
  totalsOf,
} from '../../api/src/domain/dashboardReport.js';
import type {
  ContractDoc,
  HouseScopedDoc,
  IssueDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
  RoomDoc,
} from '../../api/src/domain/shared/model.js';
import { addDays } from '../../api/src/domain/houseTickets.js';
import { vietnamDate, vietnamMonth } from '../../api/src/domain/shared/time.js';
import { houseTotals } from '../../api/src/useCases/shared/houseTotals.js';
import { createDeps } from '../../api/src/composition/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { writeBillingWorld } from './billingData.js';

export const DASHBOARD_BENCH_USER = { username: 'benchreport', password: 'Benchreport@123456' };
const ROOMS = 500;
const MONTHS = 12;

export interface DashboardBenchHouse {
  houseID: string;
  bills: number;
  rebuildMs: number;
}

/** Rent, electricity, water, garbage and, for every third room, parking: about a real bill's lines. */
function linesOf(index: number, month: number): BillLine[] {
  const kWh = 80 + ((index * 7 + month * 13) % 170);
  const m3 = 4 + ((index + month) % 9);
  const lines: BillLine[] = [
    { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 3_000_000, amount: 3_000_000 },
    {
      kind: 'electricity',
      description: 'Tiền điện',
      quantity: kWh,
      unit: 'kWh',
      unitPrice: 3_500,
      amount: kWh * 3_500,
      note: `Chỉ số ${1_200 + month * 150} → ${1_200 + month * 150 + kWh}`,
    },
    {
      kind: 'water',
      description: 'Tiền nước',
      quantity: m3,
      unit: 'm³',
      unitPrice: 18_000,
      amount: m3 * 18_000,
      note: `Chỉ số ${140 + month * 8} → ${140 + month * 8 + m3}`,
    },
    { kind: 'service', description: 'Phí rác', quantity: 1, unitPrice: 30_000, amount: 30_000 },
  ];
  if (index % 3 === 0) {
    lines.push({
      kind: 'service',
      description: 'Gửi xe máy',
      quantity: 1,
      unitPrice: 100_000,
      amount: 100_000,
    });
  }
  return lines;
}

/**
 * A landlord with one 500-room house and its last twelve months of bills: most paid in full (cash,
 * VNPay or transfer, a few days after the billing day), some in part, some not; what a month leaves
 * unpaid is carried into the next month's bill as a debt line. Five percent of the contracts end within
 * 30 days; some rooms are empty or reserved; 40 issue reports, half still open.
 */
export async function seedDashboardBench(dataDir: string): Promise<DashboardBenchHouse> {
  const services = await createDeps(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  const landlord = await createUser(services, {
    ...DASHBOARD_BENCH_USER,
    roleID: ROLE.houseModerator,
    fullName: 'Chủ trọ đo báo cáo',
    extra: { roomQuota: 10_000, lessorInfo: { status: 1, fullName: 'Chủ trọ đo báo cáo' } },
  });
  const now = new Date();
  const thisMonth = vietnamMonth(now);
  const today = vietnamDate(now);
  const createdOn = now.toISOString();
  const [houseID = ''] = await writeBillingWorld(services.store, {
    ownerID: landlord.userID,
    houses: 1,
    contractsPerHouse: ROOMS,
    month: thisMonth,
    createdOn,
  });
  const container = houseDocs<HouseScopedDoc>(services);
  const [contracts, rooms] = await Promise.all([
    listInHouse<ContractDoc>(services, houseID, 'contract'),
    listInHouse<RoomDoc>(services, houseID, 'room'),
  ]);
  const docs: HouseScopedDoc[] = [];
  const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
  contracts.forEach((contract, index) => {
    if (index % 20 === 0) docs.push({ ...contract, endDate: addDays(today, 1 + (index % 29)) });
    if (index % 25 === 7) docs.push({ ...(roomByID.get(contract.roomID) as RoomDoc), status: 'empty' });
    if (index % 50 === 9) docs.push({ ...(roomByID.get(contract.roomID) as RoomDoc), status: 'reserved' });
  });
  let bills = 0;
  contracts.forEach((contract, index) => {
    let debt: { bill: MonthlyBillDoc; owed: number } | undefined;
    for (let m = MONTHS - 1; m >= 0; m -= 1) {
      const month = monthsBefore(thisMonth, m);
      const id = `${contract.contractID}_${month}`;
      const lines = linesOf(index, m);
      if (debt) {
        lines.push({
          kind: 'debt',
          description: `Nợ ${debt.bill.billName}`,
          quantity: 1,
          unitPrice: debt.owed,
          amount: debt.owed,
          fromBillID: debt.bill.monthlyBillID,
        });
      }
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      // This month: a third paid so far; earlier months: 85% paid in full, 10% in part, 5% not at all.
      const roll = (index * 31 + m * 17) % 100;
      const paidAmount =
        m === 0 ? (roll < 33 ? total : 0) : roll < 85 ? total : roll < 95 ? Math.round(total / 2) : 0;
      const paidOn = new Date(`${month}-${String(5 + (roll % 10)).padStart(2, '0')}T03:00:00.000Z`);
      const payments: PaymentEntry[] =
        paidAmount > 0
          ? [
              {
                amount: paidAmount,
                method: (['cash', 'online', 'transfer'] as const)[roll % 3] ?? 'cash',
                paidOn: paidOn.toISOString(),
                ...(roll % 3 === 0 ? {} : { reference: randomUUID() }),
              },
            ]
          : [];
      const bill: MonthlyBillDoc = {
        id,
        pk: houseID,
        type: 'monthlyBill',
        monthlyBillID: id,
        houseID,
        roomID: contract.roomID,
        contractID: contract.contractID,
        houseTicketID: `${houseID}_${month}`,
        month,
        billName: `Hóa đơn tháng ${Number(month.slice(5))}/${month.slice(0, 4)}`,
        billCode: billCode(id),
        createdOn: `${month}-05T02:00:00.000Z`,
        dueDate: `${month}-15`,
        total,
        paidAmount,
        status:
          paidAmount === total
            ? BILL_STATUS.paid
            : paidAmount > 0
              ? BILL_STATUS.partlyPaid
              : BILL_STATUS.unpaid,
        billDetails: lines,
        payments,
        ...(paidAmount === total ? { paidOn: paidOn.toISOString() } : {}),
      };
      if (debt) {
        const carried = docs.indexOf(debt.bill);
        docs[carried] = { ...debt.bill, status: BILL_STATUS.carriedOver, carriedToBillID: id };
      }
      docs.push(bill);
      bills += 1;
      debt = paidAmount < total && m > 0 ? { bill, owed: total - paidAmount } : undefined;
    }
    if (index % 10 === 0) {
      const chargeID = randomUUID();
      const charge: OneTimeChargeDoc = {
        id: chargeID,
        pk: houseID,
        type: 'oneTimeCharge',
        oneTimeChargeID: chargeID,
        houseID,
        roomID: contract.roomID,
        contractID: contract.contractID,
        description: 'Thay bóng đèn',
        amount: 150_000,
        billCode: billCode(chargeID),
        createdOn: `${monthsBefore(thisMonth, index % MONTHS)}-10T03:00:00.000Z`,
        createdBy: landlord.userID,
        dueDate: today,
        paidAmount: 0,
        status: BILL_STATUS.unpaid,
        payments: [],
      };
      docs.push(charge);
    }
    if (index % 25 === 3) {
      const issueID = randomUUID();
      const issue: IssueDoc = {
        id: issueID,
        pk: houseID,
        type: 'issue',
        issueID,
        houseID,
        roomID: contract.roomID,
        roomName: roomByID.get(contract.roomID)?.roomName ?? '',
        contractID: contract.contractID,
        title: 'Vòi nước bị rò',
        description: 'Vòi nước trong nhà tắm rò suốt đêm.',
        status: (index % 3) + 1,
        images: [],
        createdBy: landlord.userID,
        createdByName: 'Người thuê',
        createdOn,
      };
      docs.push(issue);
    }
  });
  for (let start = 0; start < docs.length; start += 100) {
    await container.batch(
      houseID,
      docs.slice(start, start + 100).map((doc) => ({ op: 'upsert' as const, doc })),
    );
  }
  const started = performance.now();
  await houseTotals(services, houseID);
  const rebuildMs = performance.now() - started;
  await services.store.close();
  return { houseID, bills, rebuildMs };
}

/**
 * Logs in as the bench landlord, checks one report against a rebuild from the bills, then measures it
 * with `compare` (run.ts: the product and a bare Node server with the same bytes, same run).
 */
export async function dashboardReportBenchmark(
  base: string,
  dataDir: string,
  seeded: DashboardBenchHouse,
  compare: (title: string, url: string, headers: Record<string, string>) => Promise<void>,
): Promise<void> {
  const login = await fetch(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DASHBOARD_BENCH_USER),
  });
  const { token } = (await login.json()) as { token: { accessToken: string } };
  const headers = { authorization: `Bearer ${token.accessToken}` };
  const url = `${base}/odata/DashboardReport?houseID=${seeded.houseID}`;
  const report = (await (await fetch(url, { headers })).json()) as DashboardReport;
  const services = await createDeps(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  const [bills, charges] = await Promise.all([
    listInHouse<MonthlyBillDoc>(services, seeded.houseID, 'monthlyBill'),
    listInHouse<OneTimeChargeDoc>(services, seeded.houseID, 'oneTimeCharge'),
  ]);
  const expected = monthFigures(totalsOf([...bills, ...charges], firstKeptMonth(new Date()))[report.month]);
  await services.store.close();
  const agrees = JSON.stringify(expected) === JSON.stringify(report.thisMonth);
  console.log(
    `\nDashboard report: ${seeded.bills} bills of ${ROOMS} rooms over ${MONTHS} months; totals rebuilt once in ` +
      `${seeded.rebuildMs.toFixed(0)} ms before the run; this month's figures ${agrees ? 'agree' : 'DISAGREE'} ` +
      `with a rebuild from the bills (${JSON.stringify(report.thisMonth)}); ${report.contractsEnding.count} ` +
      `contracts ending within 30 days, ${report.openIssues.total} open issues`,
  );
  await compare(
    `Dashboard report, 500-room house with a year of bills (GET /odata/DashboardReport?houseID=…)`,
    url,
    headers,
  );
}
