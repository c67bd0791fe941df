import {
  HANDOVER_MESSAGES,
  LEVEL,
  MAX_HANDOVER_PHOTOS,
  PHOTO_MAX_BYTES,
  SIGNATURE_MAX_CHARS,
  guestHandoverSignSchema,
  handoverSaveSchema,
  handoverSignSchema,
} from '@nhatro/common';
import { z } from 'zod';
import { AppError } from '../domain/shared/errors.js';
import { readJson } from '../http/body.js';
import { defineEndpoint, definePublicEndpoint } from '../http/endpoint.js';
import { isMultipart, readMultipart } from '../http/multipart.js';
import { json, ok } from '../http/replies.js';
import { addHandoverPhotos } from '../useCases/handovers/photos.js';
import { listHandovers, saveHandover } from '../useCases/handovers/records.js';
import {
  createHandoverGuestLink,
  getHandoverDocument,
  guestHandoverDocument,
  readGuestHandover,
  signGuestHandover,
  signHandover,
} from '../useCases/handovers/signing.js';
import { requireID } from '../useCases/shared/houseScope.js';

/**
 * Handover records at move-in and move-out (issue 27 §2): the landlord and staff write and sign them,
 * the contract's tenant reads them and signs through a guest link; the PDF for both.
 */

const ID_LABEL = 'Mã biên bản';
const NO_FIELDS = z.object({}).strict();

defineEndpoint({
  name: 'handoverList',
  route: 'api/Handover',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.read },
  async handle({ req, actor }) {
    // The contract's house and room, when the page knows them: hints that save the lookup.
    const houseID = req.query.get('houseID');
    const roomID = req.query.get('roomID');
    return json(
      200,
      await listHandovers(actor, requireID(req.query.get('contractID') ?? undefined, 'Mã hợp đồng'), {
        ...(houseID === null ? {} : { houseID }),
        ...(roomID === null ? {} : { roomID }),
      }),
    );
  },
});

defineEndpoint({
  name: 'handoverSave',
  route: 'api/Handover',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor }) {
    const record = await saveHandover(actor, await readJson(req, handoverSaveSchema));
    return ok(record, { message: HANDOVER_MESSAGES.saved });
  },
});

/** Photos of the room's state (multipart, field `Images`, JPEG or PNG). */
defineEndpoint({
  name: 'handoverPhotos',
  route: 'api/Handover/{id}/Photos',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor, params }) {
    const handoverID = requireID(params.id, ID_LABEL);
    if (!isMultipart(req)) throw AppError.badRequest(HANDOVER_MESSAGES.noPhotos);
    const form = await readMultipart(req, {
      maxBytes: MAX_HANDOVER_PHOTOS * PHOTO_MAX_BYTES + 64 * 1024,
      maxFiles: MAX_HANDOVER_PHOTOS,
      maxFileBytes: PHOTO_MAX_BYTES,
    });
    const photos = form.files.filter((file) => file.field === 'Images' || file.field === 'images');
    return ok(await addHandoverPhotos(actor, handoverID, photos));
  },
});

defineEndpoint({
  name: 'handoverSign',
  route: 'api/Handover/{id}/Sign',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor, params }) {
    const handoverID = requireID(params.id, ID_LABEL);
    const input = await readJson(req, handoverSignSchema, SIGNATURE_MAX_CHARS + 4096);
    return ok(await signHandover(actor, handoverID, input), { message: HANDOVER_MESSAGES.signed });
  },
});

defineEndpoint({
  name: 'handoverGuestLink',
  route: 'api/Handover/{id}/GuestLink',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor, params }) {
    await readJson(req, NO_FIELDS);
    return json(200, await createHandoverGuestLink(actor, requireID(params.id, ID_LABEL)));
  },
});

defineEndpoint({
  name: 'handoverDocument',
  route: 'api/Handover/{id}/Document',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.read },
  async handle({ actor, params }) {
    return ok(await getHandoverDocument(actor, requireID(params.id, ID_LABEL)));
  },
});

/** The guest link's token is the only key: no account, and a record id alone opens nothing. */
function guestQuery(query: URLSearchParams): { handoverID: string; token: string } {
  return {
    handoverID: requireID(query.get('handoverID') ?? undefined, ID_LABEL),
    token: query.get('token') ?? '',
  };
}

definePublicEndpoint({
  name: 'guestHandoverRead',
  route: 'api/GuestHandover',
  methods: ['GET'],
  async handle({ req, deps }) {
    const { handoverID, token } = guestQuery(req.query);
    return ok(await readGuestHandover(deps, handoverID, token));
  },
});

definePublicEndpoint({
  name: 'guestHandoverDocument',
  route: 'api/GuestHandover/Document',
  methods: ['GET'],
  async handle({ req, deps }) {
    const { handoverID, token } = guestQuery(req.query);
    return ok(await guestHandoverDocument(deps, handoverID, token));
  },
});

definePublicEndpoint({
  name: 'guestHandoverSign',
  route: 'api/GuestHandover/Sign',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    const input = await readJson(req, guestHandoverSignSchema, SIGNATURE_MAX_CHARS + 4096);
    return ok(await signGuestHandover(deps, origin, input), { message: HANDOVER_MESSAGES.signed });
  },
});
