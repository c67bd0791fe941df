import { isValidID, latestLogsQuerySchema, LEVEL, logsFromToQuerySchema, ROLE } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { SYSTEM_LOG_MODEL } from '../domain/shared/odata/model.js';
import { parseODataQuery } from '../domain/shared/odata/parse.js';
import { parseInput, splitQuery } from '../http/body.js';
import { defineEndpoint, type AuthedEndpoint } from '../http/endpoint.js';
import { collectionBody } from '../http/odata.js';
import { json } from '../http/replies.js';
import { latestLogs, logsFromTo, userLogs } from '../useCases/systemLog.js';

/** The system log (/systemLog) from the audit trail, the super admin's; OData options apply to each. */
const ADMIN_READ: Pick<AuthedEndpoint, 'roles' | 'permission'> = {
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
};

defineEndpoint({
  name: 'systemLogGetLatestLogs',
  route: 'odata/SystemLog/GetLatestLogs',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const { scope, options } = splitQuery(req, ['latest']);
    const { latest } = parseInput(latestLogsQuerySchema, scope);
    const page = await latestLogs(actor, latest, parseODataQuery(options, SYSTEM_LOG_MODEL));
    return json(200, collectionBody(req, 'SystemLog', page));
  },
});

defineEndpoint({
  name: 'systemLogGetLogsFromTo',
  route: 'odata/SystemLog/GetLogsFromTo',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const { scope, options } = splitQuery(req, ['from', 'to']);
    const range = parseInput(logsFromToQuerySchema, scope);
    const page = await logsFromTo(actor, range, parseODataQuery(options, SYSTEM_LOG_MODEL));
    return json(200, collectionBody(req, 'SystemLog', page));
  },
});

defineEndpoint({
  name: 'systemLogGetUserLogs',
  route: 'odata/SystemLog/GetUserLogs',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const { scope, options } = splitQuery(req, ['userID']);
    if (!isValidID(scope.userID)) {
      throw AppError.validation([{ field: 'userID', errorMessage: 'Mã người dùng (userID) không hợp lệ.' }]);
    }
    const page = await userLogs(actor, scope.userID, parseODataQuery(options, SYSTEM_LOG_MODEL));
    return json(200, collectionBody(req, 'SystemLog', page));
  },
});
