import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { SYSTEM_LOG_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { audit } from '../../api/src/useCases/shared/actor.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { latestLogs, logsFromTo, userLogs } from '../../api/src/useCases/systemLog.js';
import { aLandlord, aSuperAdmin } from '../support/builders.js';
import {
  actorFor,
  createHarness,
  expectRefusal,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;
let landlord: UserDoc;

/** Entries at these instants (the audit trail's partition is the month in Vietnam), by `user`. */
async function entriesAt(user: UserDoc, instants: string[]): Promise<void> {
  for (const instant of instants) {
    h.clock.set(new Date(instant));
    await audit(actorFor(deps, user), { action: 'update', entity: 'room', entityID: `room-${instant}` });
  }
}

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  admin = await aSuperAdmin(deps);
  landlord = await aLandlord(deps);
  await entriesAt(landlord, [
    '2026-09-30T17:30:00.000Z',
    '2026-10-15T03:00:00.000Z',
    '2026-11-19T16:59:00.000Z',
  ]);
  await entriesAt(admin, ['2026-11-19T17:00:00.000Z', '2026-11-20T03:00:00.000Z']);
});
afterEach(() => h.close());

const ats = (page: { value: Array<Record<string, unknown>> }) => page.value.map((row) => row.at);

describe('the system log', () => {
  it('the latest entries across months, newest first, as many as asked', async () => {
    const page = await latestLogs(actorFor(deps, admin), 50, odata(SYSTEM_LOG_MODEL));
    expect(ats(page)).toEqual([
      '2026-11-20T03:00:00.000Z',
      '2026-11-19T17:00:00.000Z',
      '2026-11-19T16:59:00.000Z',
      '2026-10-15T03:00:00.000Z',
      '2026-09-30T17:30:00.000Z',
    ]);
    expect(page.value[0]).toMatchObject({
      userID: admin.userID,
      username: admin.username,
      roleID: 1,
      action: 'update',
      entity: 'room',
      logID: expect.any(String),
    });
    expect(ats(await latestLogs(actorFor(deps, admin), 2, odata(SYSTEM_LOG_MODEL)))).toEqual([
      '2026-11-20T03:00:00.000Z',
      '2026-11-19T17:00:00.000Z',
    ]);
  });

  it('a period of whole days in Vietnam, both included', async () => {
    // 19/11 16:59 UTC is 19/11 23:59 in Vietnam; 17:00 UTC is already 20/11.
    const page = await logsFromTo(
      actorFor(deps, admin),
      { from: '2026-10-01', to: '2026-11-19' },
      odata(SYSTEM_LOG_MODEL),
    );
    expect(ats(page)).toEqual([
      '2026-11-19T16:59:00.000Z',
      '2026-10-15T03:00:00.000Z',
      '2026-09-30T17:30:00.000Z',
    ]);
  });

  it("one user's entries, with the OData options", async () => {
    const page = await userLogs(
      actorFor(deps, admin),
      landlord.userID,
      odata(SYSTEM_LOG_MODEL, '$top=2&$count=true'),
    );
    expect(page).toMatchObject({ count: 3, nextSkip: 2 });
    expect(ats(page)).toEqual(['2026-11-19T16:59:00.000Z', '2026-10-15T03:00:00.000Z']);
  });

  it('is the super admin’s alone', async () => {
    await expectRefusal(
      latestLogs(actorFor(deps, landlord), 50, odata(SYSTEM_LOG_MODEL)),
      'forbidden',
      /quyền/,
    );
    await expectRefusal(
      userLogs(actorFor(deps, landlord), landlord.userID, odata(SYSTEM_LOG_MODEL)),
      'forbidden',
      /quyền/,
    );
  });
});
