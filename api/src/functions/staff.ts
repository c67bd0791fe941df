import { ROLE, staffCreateSchema } from '@nhatro/common';
import { readJson, splitQuery } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { addStaff, disableStaff, listHouseStaff } from '../useCases/staff.js';

/** A landlord's staff (spec section 7, "Staff"): add, list per house, disable. */
defineEndpoint({
  name: 'staffAddStaff',
  route: 'api/Staff/AddStaff',
  methods: ['POST'],
  roles: [ROLE.houseModerator],
  async handle({ req, actor }) {
    return ok(await addStaff(actor, await readJson(req, staffCreateSchema)));
  },
});

defineEndpoint({
  name: 'staffGetHouseStaffs',
  route: 'api/Staff/GetHouseStaffs',
  methods: ['GET'],
  roles: [ROLE.houseModerator],
  async handle({ req, actor }) {
    return ok(await listHouseStaff(actor, splitQuery(req, ['houseID']).scope.houseID));
  },
});

defineEndpoint({
  name: 'staffDisableStaffAccount',
  route: 'api/Staff/DisableStaffAccount',
  methods: ['DELETE'],
  roles: [ROLE.houseModerator],
  async handle({ req, actor }) {
    return ok(await disableStaff(actor, splitQuery(req, ['userID']).scope.userID));
  },
});
