import { randomBytes } from 'node:crypto';
import { LEVEL, MESSAGES, ROLE } from '@nhatro/common';
import { z } from 'zod';
import { BLOB_CONTAINERS, type BlobContainer } from '../blob/blobStorage.js';
import { hasPermission } from '../domain/access.js';
import { REGISTRATION_UPLOAD_LIMIT } from '../domain/throttle.js';
import { BLOB_AREAS, newBlobName, parseBlobName, UPLOAD_EXTENSIONS } from '../domain/blobNames.js';
import { defineEndpoint, definePublicEndpoint, ok, type PublicCall } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import { authorizeHouse } from '../services/houses.js';
import { Throttle } from '../services/throttle.js';

const UPLOAD_MINUTES = 60;
const READ_MINUTES = 15;

const uploadQuery = z.object({
  houseID: z.string({ error: 'Thiếu mã nhà trọ (houseID).' }).regex(/^[A-Za-z0-9_-]{6,64}$/, {
    error: 'Mã nhà trọ không hợp lệ.',
  }),
  extension: z.enum(UPLOAD_EXTENSIONS, { error: 'Chỉ chấp nhận tệp .png hoặc .pdf.' }).default('png'),
});

function queryObject(call: PublicCall): Record<string, string> {
  return Object.fromEntries(call.req.query.entries());
}

function randomSuffix(): string {
  return randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 6);
}

/** The four house-scoped upload areas: the caller needs create rights in the area and access to the house. */
for (const container of BLOB_CONTAINERS) {
  const { endpoint, area } = BLOB_AREAS[container];
  if (area === null) continue;
  defineEndpoint({
    name: `blobAccess${endpoint}`,
    route: `api/BlobAccess/${endpoint}`,
    methods: ['GET'],
    async handle(call) {
      const { user, services } = call;
      const parsed = uploadQuery.safeParse(queryObject(call));
      if (!parsed.success)
        throw ApiError.badRequest(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
      // Lessees upload their own identity papers; everything else needs create rights.
      const needed = container === 'lessee-infor' && user.roleID === ROLE.lessee ? LEVEL.read : LEVEL.create;
      if (!hasPermission(user, area, needed)) throw ApiError.forbidden();
      await authorizeHouse(services, user, parsed.data.houseID);
      const blobName = newBlobName(
        container,
        parsed.data.houseID,
        parsed.data.extension,
        services.now(),
        randomSuffix(),
      );
      const issued = await services.blobs.uploadSas(container, blobName, UPLOAD_MINUTES);
      return ok(undefined, {
        accessKey: issued.sas,
        blobName,
        uploadURL: issued.url,
        expiresOn: issued.expiresOn,
      });
    },
  });
}

/** Registration papers are uploaded before an account exists: a fresh scope per call, create-only. */
definePublicEndpoint({
  name: 'blobAccessGetHMRegistrationDataContainerSAS',
  route: 'api/BlobAccess/GetHMRegistrationDataContainerSAS',
  methods: ['GET'],
  async handle(call) {
    const throttle = new Throttle(call.services);
    const key = `upload:registration:${call.origin.ip}`;
    const lockedMs = await throttle.remainingLockMs([key]);
    if (lockedMs > 0) {
      throw new ApiError(429, 'Bạn đã tải lên quá nhiều tệp. Vui lòng thử lại sau ít phút.', undefined, {
        'Retry-After': String(Math.ceil(lockedMs / 1000)),
      });
    }
    await throttle.count(key, REGISTRATION_UPLOAD_LIMIT);
    const extension = z
      .enum(UPLOAD_EXTENSIONS)
      .default('png')
      .safeParse(call.req.query.get('extension') ?? undefined);
    if (!extension.success) throw ApiError.badRequest('Chỉ chấp nhận tệp .png hoặc .pdf.');
    const scope = `reg-${randomBytes(12).toString('base64url')}`;
    const blobName = newBlobName(
      'hm-registration',
      scope,
      extension.data,
      call.services.now(),
      randomSuffix(),
    );
    const issued = await call.services.blobs.uploadSas('hm-registration', blobName, UPLOAD_MINUTES);
    return ok(undefined, {
      accessKey: issued.sas,
      blobName,
      uploadURL: issued.url,
      expiresOn: issued.expiresOn,
    });
  },
});

const readQuery = z.object({
  container: z.enum(BLOB_CONTAINERS, { error: 'Kho lưu trữ không hợp lệ.' }),
  blobName: z.string({ error: MESSAGES.blobNameInvalid }).max(200),
});

/** A read-only URL for one blob, issued only after the caller's right to its house is checked. */
defineEndpoint({
  name: 'blobAccessGetReadURL',
  route: 'api/BlobAccess/GetReadURL',
  methods: ['GET'],
  async handle(call) {
    const { user, services } = call;
    const parsed = readQuery.safeParse(queryObject(call));
    if (!parsed.success) throw ApiError.badRequest(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);
    const container: BlobContainer = parsed.data.container;
    const name = parseBlobName(container, parsed.data.blobName);
    if (!name) throw ApiError.badRequest(MESSAGES.blobNameInvalid);
    const area = BLOB_AREAS[container].area;
    if (area === null) {
      if (user.roleID !== ROLE.superAdmin) throw ApiError.notFound();
    } else {
      // A lessee shares the house with other tenants: of its blobs they may read only room photos
      // here; their own papers come with the objects that reference them.
      if (user.roleID === ROLE.lessee && container !== 'room-images') throw ApiError.notFound();
      if (!hasPermission(user, area, LEVEL.read)) throw ApiError.forbidden();
      await authorizeHouse(services, user, name.scope);
    }
    if (!(await services.blobs.blobExists(container, parsed.data.blobName))) throw ApiError.notFound();
    const issued = await services.blobs.readSas(container, parsed.data.blobName, READ_MINUTES);
    return ok(undefined, { url: issued.url, expiresOn: issued.expiresOn });
  },
});
