import { randomUUID } from 'node:crypto';
import type { ContractDoc, IssueDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';

/** An issue report of `contract` in `room` (status 1, no photos unless overridden). */
export function anIssue(
  deps: Deps,
  contract: Pick<ContractDoc, 'houseID' | 'contractID'>,
  room: Pick<RoomDoc, 'roomID' | 'roomName'>,
  overrides: Partial<Omit<IssueDoc, 'id' | 'pk' | 'type'>> = {},
): Promise<IssueDoc> {
  const issueID = overrides.issueID ?? randomUUID();
  return houseDocs<IssueDoc>(deps).create({
    id: issueID,
    pk: contract.houseID,
    type: 'issue',
    issueID,
    houseID: contract.houseID,
    roomID: room.roomID,
    roomName: room.roomName,
    contractID: contract.contractID,
    title: 'Vòi nước bị rò',
    description: 'Vòi nước trong nhà tắm rò suốt đêm.',
    status: 1,
    images: [],
    createdBy: randomUUID(),
    createdByName: 'Người thuê',
    createdOn: deps.now().toISOString(),
    ...overrides,
  });
}
