import { issueCreateSchema, issueUpdateSchema, LEVEL } from '@nhatro/common';
import { ISSUE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import { createIssue, deleteIssue, getIssue, listIssues, updateIssue } from '../useCases/issues.js';

/**
 * Issue reports: `GET /odata/Issue?contractID=…` (or `roomID`, `houseID`), `/odata/Issue/{id}`,
 * `POST` (a tenant for their own contract, or the landlord/staff), `PATCH` the status (room level 2:
 * landlord and staff), `DELETE` (the tenant cancels their own unhandled report; the landlord any).
 * Creating and deleting pass the endpoint at room level 1 so tenants reach the use case, which
 * checks ownership (and delete rights for everyone else).
 */
const ANYONE_OF_THE_HOUSE = { area: 'room', level: LEVEL.read } as const;

defineODataEntity({
  name: 'issue',
  entitySet: 'Issue',
  model: ISSUE_MODEL,
  area: 'room',
  id: { field: 'issueID', label: 'Mã sự cố' },
  list: { scope: ['houseID', 'roomID', 'contractID'], run: listIssues },
  get: { run: getIssue },
  create: { permission: ANYONE_OF_THE_HOUSE, schema: issueCreateSchema, run: createIssue },
  update: { schema: issueUpdateSchema, run: updateIssue },
  remove: { permission: ANYONE_OF_THE_HOUSE, run: deleteIssue },
});
