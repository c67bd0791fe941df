import { CONTRACT_STATUS } from '@nhatro/common';
import { dayOfMonth, effectiveBillingDay } from '../../domain/houseTickets.js';
import { tenantReadingDeadlineDayOf, tenantReadingReminderDue } from '../../domain/meterRecords.js';
import { reminderKey } from '../../domain/reminders.js';
import type {
  ContractDoc,
  HouseDoc,
  MeterRecordDoc,
  MeterSubmissionDoc,
  OutboxMessageDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { meterReadingDueText } from '../../domain/shared/outboxTexts.js';
import { vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from '../shared/deps.js';
import { acrossHouses, houseDocs, listInHouse } from '../shared/houseScope.js';
import { outboxCreate, tenantRecipients } from '../shared/outboxMessages.js';
import { platformBillingDay } from '../shared/platformSettings.js';
import { houseByHouse } from '../shared/houseByHouse.js';

export interface MeterReadingReminderSummary {
  written: number;
  alreadyWritten: number;
  withoutRecipient: number;
  failed: Array<{ houseID: string; error: string }>;
}

/**
 * The daily reminders of tenants who read their own meters (issue 27): in a house that lets them, from
 * the billing day through the deadline day, each active contract whose room has neither this month's
 * reading nor a sending gets one outbox message per month (its id comes from the contract and month).
 */
export async function writeMeterReadingReminders(deps: Deps): Promise<MeterReadingReminderSummary> {
  const today = vietnamDate(deps.now());
  const platformDay = await platformBillingDay(deps);
  const houses = (await acrossHouses<HouseDoc>(deps, { op: 'eq', field: 'type', value: 'house' })).filter(
    (house) => tenantReadingReminderDue(house, effectiveBillingDay(house, platformDay), today),
  );
  const summary: MeterReadingReminderSummary = {
    written: 0,
    alreadyWritten: 0,
    withoutRecipient: 0,
    failed: [],
  };
  await houseByHouse(
    houses,
    (house) => house.houseID,
    summary,
    (house) => writeHouseReminders(deps, house, today),
  );
  return summary;
}

async function writeHouseReminders(deps: Deps, house: HouseDoc, today: string) {
  const outcome = { written: 0, alreadyWritten: 0, withoutRecipient: 0 };
  const { houseID } = house;
  const month = vietnamMonth(deps.now());
  const inMonth = { op: 'eq' as const, field: 'month', value: month };
  const [contracts, records, submissions, rooms] = await Promise.all([
    listInHouse<ContractDoc>(deps, houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
    listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord', inMonth),
    listInHouse<MeterSubmissionDoc>(deps, houseID, 'meterSubmission', inMonth),
    listInHouse<RoomDoc>(deps, houseID, 'room'),
  ]);
  const done = new Set([...records, ...submissions].map((doc) => doc.roomID));
  const due = contracts.filter((contract) => !done.has(contract.roomID) && contract.startDate <= today);
  if (due.length === 0) return outcome;
  const recipients = await tenantRecipients(deps, houseID, due);
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  const deadline = dayOfMonth(month, tenantReadingDeadlineDayOf(house));
  for (const contract of due) {
    const recipient = recipients.get(contract.contractID);
    if (!recipient?.userID) {
      // Without a tenant account nobody can send the readings: the staff round reads the room.
      outcome.withoutRecipient += 1;
      continue;
    }
    const place = { houseName: house.houseName, roomName: roomNames.get(contract.roomID) ?? '' };
    const op = outboxCreate(
      deps,
      houseID,
      {
        event: 'meterReadingDue',
        houseID,
        recipient,
        ...meterReadingDueText({ month, deadline }, place, recipient, deps.config.webOrigin),
        subjectID: contract.contractID,
      },
      { idempotencyKey: reminderKey('meterReadingDue', contract.contractID, month) },
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
