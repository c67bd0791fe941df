import { CONTRACT_STATUS } from '@nhatro/common';
import {
  debtReminderAfterDaysOf,
  debtReminderDue,
  debtReminderEveryDaysOf,
  debtReminderKey,
  isDebtFlagged,
} from '../../domain/debts.js';
import { addDays } from '../../domain/houseTickets.js';
import type { ContractDoc, HouseDoc, OutboxMessageDoc, RoomDoc } from '../../domain/shared/model.js';
import { debtReminderText } from '../../domain/shared/outboxTexts.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from '../shared/deps.js';
import { acrossHouses, houseDocs, listInHouse } from '../shared/houseScope.js';
import { outboxCreate, tenantRecipients } from '../shared/outboxMessages.js';
import { debtPausesOfHouse, openDebtsOfHouse } from './facts.js';
import { houseByHouse } from '../shared/houseByHouse.js';

export interface DebtReminderSummary {
  written: number;
  alreadyWritten: number;
  withoutRecipient: number;
  /** Contracts past the house's days whose reminders the landlord paused. */
  paused: number;
  failed: Array<{ houseID: string; error: string }>;
}

/**
 * The daily debt reminders (issue 26 §3, docs/debts.md): each active contract whose oldest debt is more
 * than the house's `debtReminderAfterDays` late gets one outbox message, unless its reminders are paused
 * or one went in the last `debtReminderEveryDays` days. The message's id comes from the contract and the
 * day, so a second run the same day writes nothing.
 */
export async function writeDebtReminders(deps: Deps): Promise<DebtReminderSummary> {
  const today = vietnamDate(deps.now());
  const houses = await acrossHouses<HouseDoc>(deps, { op: 'eq', field: 'type', value: 'house' });
  const summary: DebtReminderSummary = {
    written: 0,
    alreadyWritten: 0,
    withoutRecipient: 0,
    paused: 0,
    failed: [],
  };
  await houseByHouse(
    houses,
    (house) => house.houseID,
    summary,
    (house) => writeHouseDebtReminders(deps, house, today),
  );
  return summary;
}

async function writeHouseDebtReminders(deps: Deps, house: HouseDoc, today: string) {
  const outcome = { written: 0, alreadyWritten: 0, withoutRecipient: 0, paused: 0 };
  const { houseID } = house;
  const settings = { afterDays: debtReminderAfterDaysOf(house), everyDays: debtReminderEveryDaysOf(house) };
  const open = await openDebtsOfHouse(deps, houseID, today);
  const late = [...open].filter(([, debts]) => isDebtFlagged(debts.openDebts, settings.afterDays));
  if (late.length === 0) return outcome;
  const lateIDs = new Set(late.map(([contractID]) => contractID));
  // A day early: the query reads UTC times, the days are Vietnam's.
  const since = addDays(today, -settings.everyDays - 1);
  const [contracts, pauses, recent, rooms] = await Promise.all([
    listInHouse<ContractDoc>(deps, houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
    debtPausesOfHouse(deps, houseID),
    listInHouse<OutboxMessageDoc>(deps, houseID, 'outboxMessage', {
      op: 'and',
      items: [
        { op: 'eq', field: 'event', value: 'debtReminder' },
        { op: 'ge', field: 'createdOn', value: `${since}T00:00:00.000Z` },
      ],
    }),
    listInHouse<RoomDoc>(deps, houseID, 'room'),
  ]);
  const lastReminded = new Map<string, string>();
  for (const message of recent) {
    if (!message.subjectID) continue;
    const day = vietnamDate(new Date(message.createdOn));
    if ((lastReminded.get(message.subjectID) ?? '') < day) lastReminded.set(message.subjectID, day);
  }
  const due = contracts.filter((contract) => {
    if (!lateIDs.has(contract.contractID)) return false;
    if (pauses.get(contract.contractID)?.paused) {
      outcome.paused += 1;
      return false;
    }
    const debts = open.get(contract.contractID);
    return (
      debts !== undefined &&
      debtReminderDue(debts.openDebts, settings, lastReminded.get(contract.contractID), today)
    );
  });
  if (due.length === 0) return outcome;
  const recipients = await tenantRecipients(deps, houseID, due);
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  for (const contract of due) {
    const recipient = recipients.get(contract.contractID);
    const debts = open.get(contract.contractID);
    const oldest = debts?.openDebts[0];
    if (!recipient || !debts || !oldest) {
      outcome.withoutRecipient += 1;
      continue;
    }
    const place = { houseName: house.houseName, roomName: roomNames.get(contract.roomID) ?? '' };
    const text = debtReminderText(
      {
        owed: debts.owed,
        oldestLabel: oldest.label,
        oldestMonth: oldest.month,
        daysOverdue: oldest.daysOverdue,
      },
      place,
      recipient,
      deps.config.webOrigin,
    );
    const op = outboxCreate(
      deps,
      houseID,
      { event: 'debtReminder', houseID, recipient, ...text, subjectID: contract.contractID },
      { idempotencyKey: debtReminderKey(contract.contractID, today) },
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
