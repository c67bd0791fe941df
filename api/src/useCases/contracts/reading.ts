import { lesseeScope } from '../../domain/shared/access.js';
import { groupBy } from '../../domain/shared/groupBy.js';
import type {
  ContractDoc,
  HouseScopedDoc,
  IssueDoc,
  LesseeInfoDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import type { ExpandOption, ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Filter, OrderBy } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import { contractForCaller, listOfContract } from '../shared/contractScope.js';
import type { Deps } from '../shared/deps.js';
import { listInHouse, authorizeHouse, houseDocs, requireID } from '../shared/houseScope.js';
import { issueEntity } from '../shared/issueViews.js';
import { applyInMemory, listEntities, selectFields, type EntityPage } from '../shared/odataQuery.js';
import { lessorInfoOf } from '../shared/users.js';
import { entityView, toView } from '../shared/views.js';

/**
 * Reading contracts: a house's list (a tenant's own), one contract, their expands, and a contract's
 * history (`ContractChanges`).
 */

/** Each collection a contract expands to (spec §3's names), linked by `contractID`; its default order. */
const CONTRACT_NAVIGATIONS: Record<
  string,
  {
    type: HouseScopedDoc['type'];
    order: OrderBy;
    /**
     * A tenant sees these only for the contract they live under now, as on their own endpoints (an
     * account kept for a phone number that moved to a new tenancy must not show the old one's bills).
     */
    currentContractOnly?: boolean;
    /** The item as its own endpoint shows it, when that differs from the stored fields (photo URLs). */
    view?: (deps: Deps, doc: HouseScopedDoc, option: ExpandOption) => Promise<Record<string, unknown>>;
  }
> = {
  lesseeInfors: { type: 'lesseeInfo', order: { field: 'occupantName' } },
  vehicles: { type: 'vehicle', order: { field: 'licensePlate' } },
  contractServices: { type: 'contractService', order: { field: 'createdOn' } },
  monthlyBills: { type: 'monthlyBill', order: { field: 'month', desc: true }, currentContractOnly: true },
  issues: {
    type: 'issue',
    order: { field: 'createdOn', desc: true },
    currentContractOnly: true,
    view: (deps, doc, option) => issueEntity(deps, doc as IssueDoc, option.query.expand),
  },
};
/** Loads the expands of a page of contracts: one query per navigation, whatever the page size. */
async function expandContracts(actor: Actor, houseID: string, contracts: ContractDoc[], query: ODataQuery) {
  const expanded = new Map<string, Record<string, unknown>>(
    contracts.map((contract) => [contract.contractID, {}]),
  );
  const ids = contracts.map((contract) => contract.contractID);
  const lessee = lesseeScope(actor.user);
  for (const option of query.expand) {
    const navigation = CONTRACT_NAVIGATIONS[option.property];
    if (navigation) {
      const visible =
        lessee && navigation.currentContractOnly ? ids.filter((id) => id === lessee.contractID) : ids;
      const docs = visible.length
        ? await listInHouse<HouseScopedDoc & { contractID: string }>(actor.deps, houseID, navigation.type, {
            op: 'in',
            field: 'contractID',
            values: visible,
          })
        : [];
      const ordered = option.query.orderBy.length
        ? option.query
        : { ...option.query, orderBy: [navigation.order] };
      const byContract = groupBy(docs, (doc) => doc.contractID);
      const { view } = navigation;
      for (const contract of contracts) {
        const docsOfContract = byContract.get(contract.contractID) ?? [];
        const own = view
          ? await Promise.all(docsOfContract.map((doc) => view(actor.deps, doc, option)))
          : docsOfContract.map(toView);
        (expanded.get(contract.contractID) as Record<string, unknown>)[option.property] = applyInMemory(
          own,
          ordered,
        );
      }
    } else if (option.property === 'room') {
      const rooms = await listInHouse<RoomDoc>(actor.deps, houseID, 'room', {
        op: 'in',
        field: 'roomID',
        values: [...new Set(contracts.map((contract) => contract.roomID))],
      });
      for (const contract of contracts) {
        const room = rooms.find((candidate) => candidate.roomID === contract.roomID);
        (expanded.get(contract.contractID) as Record<string, unknown>).room = room
          ? (applyInMemory([toView(room)], option.query)[0] ?? null)
          : null;
      }
    } else if (option.property === 'renterRepresentative') {
      const people = await listInHouse<LesseeInfoDoc>(actor.deps, houseID, 'lesseeInfo', {
        op: 'in',
        // The occupant's id is the document id: looked up by key, not by reading the house.
        field: 'id',
        values: contracts.map((contract) => contract.representativeLesseeID),
      });
      for (const contract of contracts) {
        const person = people.find((candidate) => candidate.lesseeInfoID === contract.representativeLesseeID);
        (expanded.get(contract.contractID) as Record<string, unknown>).renterRepresentative = person
          ? (applyInMemory([toView(person)], option.query)[0] ?? null)
          : null;
      }
    } else if (option.property === 'lessorInfo') {
      const house = await authorizeHouse(actor.deps, actor.user, houseID);
      const { citizenID, ...shared } = await lessorInfoOf(actor.deps, house.ownerID);
      const info =
        actor.user.userID === house.ownerID && citizenID !== undefined ? { ...shared, citizenID } : shared;
      for (const contract of contracts) {
        (expanded.get(contract.contractID) as Record<string, unknown>).lessorInfo =
          applyInMemory([info], option.query)[0] ?? null;
      }
    }
  }
  return expanded;
}

/**
 * A house's contracts (`HouseID`), optionally of one room or status; a lessee gets their own.
 * Expands: room, renterRepresentative, lesseeInfors, vehicles, contractServices, lessorInfo, monthlyBills, issues.
 */
export async function listContracts(
  actor: Actor,
  scope: { houseID?: string; roomID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const houseID = scope.houseID ?? user.account.houseID;
  const house = await authorizeHouse(deps, user, requireID(houseID, 'Mã nhà trọ'));
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'contract' }];
  if (lessee) conditions.push({ op: 'eq', field: 'lesseeAccountID', value: user.userID });
  if (scope.roomID)
    conditions.push({ op: 'eq', field: 'roomID', value: requireID(scope.roomID, 'Mã phòng') });
  const pageDocs: ContractDoc[] = [];
  const page = await listEntities(
    houseDocs<ContractDoc>(deps),
    { partitionKey: house.houseID, filter: { op: 'and', items: conditions } },
    { ...query, expand: [] },
    [{ field: 'startDate', desc: true }],
    (contract) => {
      pageDocs.push(contract);
      return { ...entityView(contract), contractID: contract.contractID };
    },
  );
  if (query.expand.length === 0) return page;
  const docs = pageDocs;
  const expanded = await expandContracts(actor, house.houseID, docs, query);
  return {
    ...page,
    value: page.value.map((entity) =>
      selectFields({ ...entity, ...expanded.get(entity.contractID as string) }, query),
    ),
  };
}

export async function getContract(actor: Actor, contractID: string, query: ODataQuery) {
  const contract = await contractForCaller(actor, contractID);
  const expanded = await expandContracts(actor, contract.houseID, [contract], query);
  return selectFields({ ...entityView(contract), ...expanded.get(contract.contractID) }, query);
}

/** The history of a contract, newest first (landlord and staff only: the endpoint limits roles). */
export function listContractChanges(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  return listOfContract(actor, scope.contractID, 'contractChange', query, [
    { field: 'changedOn', desc: true },
  ]);
}
