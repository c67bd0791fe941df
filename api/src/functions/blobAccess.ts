import { MESSAGES } from '@nhatro/common';
import { z } from 'zod';
import { BLOB_AREAS, BLOB_CONTAINERS, UPLOAD_EXTENSIONS } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import { defineEndpoint, definePublicEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import {
  EXTENSION_MESSAGE,
  grantHouseUpload,
  grantRead,
  grantRegistrationUpload,
} from '../useCases/blobAccess.js';

const extension = z.enum(UPLOAD_EXTENSIONS, { error: EXTENSION_MESSAGE }).default('png');

const uploadQuery = z.object({
  houseID: z.string({ error: 'Thiếu mã nhà trọ (houseID).' }).regex(/^[A-Za-z0-9_-]{6,64}$/, {
    error: 'Mã nhà trọ không hợp lệ.',
  }),
  extension,
});

const readQuery = z.object({
  container: z.enum(BLOB_CONTAINERS, { error: 'Kho lưu trữ không hợp lệ.' }),
  blobName: z.string({ error: MESSAGES.blobNameInvalid }).max(200),
});

/** Query parameters checked by a schema; the first problem is the 400's message. */
function queryOf<S extends z.ZodType>(query: URLSearchParams, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(query.entries()));
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
  return parsed.data;
}

/** The four house-scoped upload areas of spec section 7. */
for (const container of BLOB_CONTAINERS) {
  const { endpoint, area } = BLOB_AREAS[container];
  if (area === null) continue;
  defineEndpoint({
    name: `blobAccess${endpoint}`,
    route: `api/BlobAccess/${endpoint}`,
    methods: ['GET'],
    async handle({ req, actor }) {
      const query = queryOf(req.query, uploadQuery);
      return ok(undefined, { ...(await grantHouseUpload(actor, container, query.houseID, query.extension)) });
    },
  });
}

definePublicEndpoint({
  name: 'blobAccessGetHMRegistrationDataContainerSAS',
  route: 'api/BlobAccess/GetHMRegistrationDataContainerSAS',
  methods: ['GET'],
  async handle({ req, deps, origin }) {
    return ok(undefined, {
      ...(await grantRegistrationUpload(deps, origin, req.query.get('extension') ?? 'png')),
    });
  },
});

defineEndpoint({
  name: 'blobAccessGetReadURL',
  route: 'api/BlobAccess/GetReadURL',
  methods: ['GET'],
  async handle({ req, actor }) {
    const query = queryOf(req.query, readQuery);
    return ok(undefined, await grantRead(actor, query.container, query.blobName));
  },
});
