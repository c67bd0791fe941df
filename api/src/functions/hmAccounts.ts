import { hmAccountStatusSchema, LEVEL, ROLE } from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint, type AuthedEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { listHMAccounts, setHMAccountDisabled } from '../useCases/hmAccounts.js';

/** The super admin's landlord accounts (/hmAccountsManage). */
defineEndpoint({
  name: 'userGetAllHMAccounts',
  route: 'api/User/GetAllHMAccounts',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
  async handle({ actor }) {
    return ok(await listHMAccounts(actor));
  },
});

const ADMIN_UPDATE: Pick<AuthedEndpoint, 'roles' | 'permission'> = {
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.update },
};

defineEndpoint({
  name: 'userDisableHMAccount',
  route: 'api/User/DisableHMAccount',
  methods: ['POST'],
  ...ADMIN_UPDATE,
  async handle({ req, actor }) {
    const { userID } = await readJson(req, hmAccountStatusSchema);
    return ok(await setHMAccountDisabled(actor, userID, true));
  },
});

defineEndpoint({
  name: 'userEnableHMAccount',
  route: 'api/User/EnableHMAccount',
  methods: ['POST'],
  ...ADMIN_UPDATE,
  async handle({ req, actor }) {
    const { userID } = await readJson(req, hmAccountStatusSchema);
    return ok(await setHMAccountDisabled(actor, userID, false));
  },
});
