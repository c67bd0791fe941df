import { lessorInfoUpdateSchema, ROLE } from '@nhatro/common';
import { ifMatch, readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { entityJson, ok } from '../http/replies.js';
import { getLessorInfo, grantLessorImageUpload, updateLessorInfo } from '../useCases/lessorInfo.js';

/** The landlord's own details: read them, change them (spec: `PATCH /odata/LessorInfor`), upload CCCD photos. */
defineEndpoint({
  name: 'lessorInfoGet',
  route: 'odata/LessorInfor',
  methods: ['GET'],
  roles: [ROLE.houseModerator],
  async handle({ actor }) {
    return entityJson(200, await getLessorInfo(actor));
  },
});

defineEndpoint({
  name: 'lessorInfoPatch',
  route: 'odata/LessorInfor',
  methods: ['PATCH'],
  roles: [ROLE.houseModerator],
  async handle({ req, actor }) {
    const input = await readJson(req, lessorInfoUpdateSchema);
    return entityJson(200, await updateLessorInfo(actor, input, ifMatch(req)));
  },
});

defineEndpoint({
  name: 'blobAccessGetLessorInforContainerSAS',
  route: 'api/BlobAccess/GetLessorInforContainerSAS',
  methods: ['GET'],
  roles: [ROLE.houseModerator],
  async handle({ req, actor }) {
    return ok(undefined, {
      ...(await grantLessorImageUpload(actor, req.query.get('extension') ?? undefined)),
    });
  },
});
