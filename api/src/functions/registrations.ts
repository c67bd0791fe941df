import { LEVEL, ROLE } from '@nhatro/common';
import { REGISTRATION_MODEL } from '../domain/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import { listRegistrations } from '../useCases/registrations.js';

/** The spec's `HMRegistration`: registrations of future landlords, for the super admin. */
defineODataEntity({
  name: 'hmRegistration',
  entitySet: 'HMRegistration',
  model: REGISTRATION_MODEL,
  area: 'superAdmin',
  id: { field: 'registrationID', label: 'Mã đăng ký' },
  list: {
    roles: [ROLE.superAdmin],
    permission: { area: 'superAdmin', level: LEVEL.read },
    scope: [],
    run: (actor, _scope, query) => listRegistrations(actor, query),
  },
});
