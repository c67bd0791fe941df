import { BILL_STATUS, CONTRACT_STATUS } from '@nhatro/common';
import type { ContractDoc, MonthlyBillDoc, OutboxMessageDoc, RoomDoc } from '../domain/shared/model.js';
import type { OutboxMessageInput } from '../domain/outbox.js';
import { billDueSoonText, billOverdueText, contractEndingText } from '../domain/shared/outboxTexts.js';
import { daysBetween, reminderKey, reminderWindows } from '../domain/reminders.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError, type Filter } from '../store/store.js';
import type { Deps } from './shared/deps.js';
import { houseDocs, listInHouse, readHouse, acrossHouses } from './shared/houseScope.js';
import { tenantRecipients, outboxCreate } from './shared/outboxMessages.js';
import { groupBy } from '../domain/shared/groupBy.js';
import { houseByHouse } from './shared/houseByHouse.js';

/**
 * The daily reminders: unpaid bills due within three days or one to three days late, active contracts
 * ending within thirty days. Each reminder is one outbox message with an id derived from what it is
 * about, so running twice (or catching up a missed day) never writes it twice.
 */

export interface ReminderRunSummary {
  today: string;
  billsDueSoon: number;
  billsOverdue: number;
  contractsEnding: number;
  /** Reminders written by this run. */
  written: number;
  /** Reminders an earlier run had written already. */
  alreadyWritten: number;
  /** Reminders of a contract whose tenant could not be found (nobody to tell). */
  withoutRecipient: number;
  failed: Array<{ houseID: string; error: string }>;
}

interface Reminder {
  houseID: string;
  contractID: string;
  key: string;
  text: (place: {
    houseName: string;
    roomName: string;
  }) => Pick<OutboxMessageInput, 'subject' | 'body' | 'link'>;
  event: OutboxMessageInput['event'];
  subjectID: string;
}

function inWindow(field: string, window: { from: string; to: string }): Filter[] {
  return [
    { op: 'ge', field, value: window.from },
    { op: 'le', field, value: window.to },
  ];
}

export async function writeDueReminders(deps: Deps): Promise<ReminderRunSummary> {
  const today = vietnamDate(deps.now());
  const windows = reminderWindows(today);
  const webOrigin = deps.config.webOrigin;
  const [bills, endingContracts] = await Promise.all([
    acrossHouses<MonthlyBillDoc>(deps, {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'monthlyBill' },
        { op: 'in', field: 'status', values: [BILL_STATUS.unpaid, BILL_STATUS.partlyPaid] },
        ...inWindow('dueDate', { from: windows.billOverdue.from, to: windows.billDueSoon.to }),
      ],
    }),
    acrossHouses<ContractDoc>(deps, {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'contract' },
        { op: 'eq', field: 'status', value: CONTRACT_STATUS.active },
        ...inWindow('endDate', windows.contractEnding),
      ],
    }),
  ]);

  const summary: ReminderRunSummary = {
    today,
    billsDueSoon: 0,
    billsOverdue: 0,
    contractsEnding: endingContracts.length,
    written: 0,
    alreadyWritten: 0,
    withoutRecipient: 0,
    failed: [],
  };
  const reminders: Reminder[] = [];
  for (const bill of bills) {
    const owed = bill.total - bill.paidAmount;
    if (owed <= 0 || bill.dueDate === today) continue;
    const facts = { ...bill, owed };
    if (bill.dueDate > today) {
      summary.billsDueSoon += 1;
      reminders.push({
        houseID: bill.houseID,
        contractID: bill.contractID,
        event: 'billDueSoon',
        subjectID: bill.monthlyBillID,
        key: reminderKey('billDueSoon', bill.monthlyBillID, bill.dueDate),
        text: () => billDueSoonText(facts, daysBetween(today, bill.dueDate), webOrigin),
      });
    } else {
      summary.billsOverdue += 1;
      reminders.push({
        houseID: bill.houseID,
        contractID: bill.contractID,
        event: 'billOverdue',
        subjectID: bill.monthlyBillID,
        key: reminderKey('billOverdue', bill.monthlyBillID, bill.dueDate),
        text: () => billOverdueText(facts, webOrigin),
      });
    }
  }
  for (const contract of endingContracts) {
    reminders.push({
      houseID: contract.houseID,
      contractID: contract.contractID,
      event: 'contractEnding',
      subjectID: contract.contractID,
      key: reminderKey('contractEnding', contract.contractID, contract.endDate),
      text: (place) => contractEndingText(contract, place, daysBetween(today, contract.endDate), webOrigin),
    });
  }

  await houseByHouse(
    groupBy(reminders, (reminder) => reminder.houseID),
    ([houseID]) => houseID,
    summary,
    ([houseID, ofHouse]) => writeHouseReminders(deps, houseID, ofHouse),
  );
  return summary;
}

/** One house's reminders, each written alone (a conflict means an earlier run wrote it). */
async function writeHouseReminders(
  deps: Deps,
  houseID: string,
  reminders: Reminder[],
): Promise<{ written: number; alreadyWritten: number; withoutRecipient: number }> {
  const contractIDs = [...new Set(reminders.map((reminder) => reminder.contractID))];
  const [house, contracts, rooms] = await Promise.all([
    readHouse(deps, houseID),
    listInHouse<ContractDoc>(deps, houseID, 'contract', {
      op: 'in',
      field: 'contractID',
      values: contractIDs,
    }),
    listInHouse<RoomDoc>(deps, houseID, 'room'),
  ]);
  const outcome = { written: 0, alreadyWritten: 0, withoutRecipient: 0 };
  if (!house) return { ...outcome, withoutRecipient: reminders.length };
  const recipients = await tenantRecipients(deps, houseID, contracts);
  const contractsByID = new Map(contracts.map((contract) => [contract.contractID, contract]));
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  for (const reminder of reminders) {
    const contract = contractsByID.get(reminder.contractID);
    const recipient = recipients.get(reminder.contractID);
    if (!contract || !recipient) {
      outcome.withoutRecipient += 1;
      continue;
    }
    const place = { houseName: house.houseName, roomName: roomNames.get(contract.roomID) ?? '' };
    const op = outboxCreate(
      deps,
      houseID,
      { event: reminder.event, houseID, recipient, ...reminder.text(place), subjectID: reminder.subjectID },
      { idempotencyKey: reminder.key },
    );
    try {
      await houseDocs<OutboxMessageDoc>(deps).create(op.doc);
      outcome.written += 1;
    } catch (error) {
      if (!isStoreError(error, 'conflict')) throw error;
      outcome.alreadyWritten += 1;
    }
  }
  return outcome;
}
