import { RESIDENCE_KIND_LABELS } from '@nhatro/common';
import { reminderKey } from '../../domain/reminders.js';
import { residenceDeadline, residenceReminderDue } from '../../domain/residence.js';
import { groupBy } from '../../domain/shared/groupBy.js';
import type { LesseeInfoDoc, OutboxMessageDoc } from '../../domain/shared/model.js';
import { residenceDueText } from '../../domain/shared/outboxTexts.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from '../shared/deps.js';
import { acrossHouses, houseDocs, readHouse } from '../shared/houseScope.js';
import { outboxCreate } from '../shared/outboxMessages.js';
import { landlordRecipient } from '../shared/receivedPayments.js';
import { currentOccupants } from './occupants.js';
import { houseByHouse } from '../shared/houseByHouse.js';

export interface ResidenceReminderSummary {
  written: number;
  alreadyWritten: number;
  failed: Array<{ houseID: string; error: string }>;
}

/**
 * The landlord's residence reminders of the day: one message per house and due date, three days before
 * the date and on the day, naming the occupants still undeclared. Its outbox id comes from the house,
 * the date and which of the two it is, so a second run the same day writes nothing.
 */
export async function writeResidenceReminders(deps: Deps): Promise<ResidenceReminderSummary> {
  const today = vietnamDate(deps.now());
  const living = await acrossHouses<LesseeInfoDoc>(deps, {
    op: 'and',
    items: [
      { op: 'eq', field: 'type', value: 'lesseeInfo' },
      { op: 'eq', field: 'status', value: 1 },
    ],
  });
  const houseIDs = new Set(
    living.filter((lessee) => !lessee.residenceDeclaredOn).map((lessee) => lessee.houseID),
  );
  const summary: ResidenceReminderSummary = { written: 0, alreadyWritten: 0, failed: [] };
  await houseByHouse(
    houseIDs,
    (houseID) => houseID,
    summary,
    (houseID) => writeHouseResidenceReminders(deps, houseID, today),
  );
  return summary;
}

async function writeHouseResidenceReminders(deps: Deps, houseID: string, today: string) {
  const outcome = { written: 0, alreadyWritten: 0 };
  const house = await readHouse(deps, houseID);
  if (!house) return outcome;
  const due = (await currentOccupants(deps, houseID)).flatMap((occupant) => {
    const deadline = residenceDeadline(occupant.residence, today);
    const which = deadline && residenceReminderDue(deadline.daysLeft);
    return deadline && which ? [{ ...occupant, deadline, which }] : [];
  });
  if (due.length === 0) return outcome;
  const recipient = await landlordRecipient(deps, house);
  for (const [dueDate, people] of groupBy(due, (person) => person.deadline.dueDate)) {
    const first = people[0];
    if (!first) continue;
    const text = residenceDueText(
      {
        dueDate,
        daysLeft: first.deadline.daysLeft,
        people: people.map((person) => ({
          occupantName: person.lessee.occupantName,
          roomName: person.roomName,
          kind: RESIDENCE_KIND_LABELS[person.deadline.kind].toLocaleLowerCase('vi'),
        })),
      },
      house.houseName,
      deps.config.webOrigin,
    );
    const op = outboxCreate(
      deps,
      houseID,
      { event: 'residenceDue', houseID, recipient, ...text, subjectID: houseID },
      { idempotencyKey: reminderKey('residenceDue', `${houseID}:${first.which}`, dueDate) },
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
