import {
  LEVEL,
  ROLE,
  reservationCancelSchema,
  reservationCreateSchema,
  reservationDepositSchema,
} from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import {
  cancelReservation,
  listReservations,
  reserveRoom,
  setReservationDeposit,
} from '../useCases/reservations.js';

/** Deposits are part of renting a room: the contract permission area. */
const AREA = 'contract' as const;

defineEndpoint({
  name: 'reservationReserve',
  route: 'api/Reservation/Reserve',
  methods: ['POST'],
  permission: { area: AREA, level: LEVEL.create },
  async handle({ req, actor }) {
    return ok(await reserveRoom(actor, await readJson(req, reservationCreateSchema)));
  },
});

defineEndpoint({
  name: 'reservationGet',
  route: 'api/Reservation/Get',
  methods: ['GET'],
  permission: { area: AREA, level: LEVEL.read },
  roles: [ROLE.houseModerator, ROLE.staff],
  async handle({ req, actor }) {
    const houseID = req.query.get('houseID') ?? req.query.get('HouseID') ?? undefined;
    return ok(await listReservations(actor, houseID));
  },
});

defineEndpoint({
  name: 'reservationCancel',
  route: 'api/Reservation/Cancel',
  methods: ['POST'],
  permission: { area: AREA, level: LEVEL.create },
  async handle({ req, actor }) {
    const { reservationID, reason } = await readJson(req, reservationCancelSchema);
    return ok(await cancelReservation(actor, reservationID, reason));
  },
});

/** A lapsed reservation's deposit: forfeited (as the nightly job records it) or refunded after all. */
defineEndpoint({
  name: 'reservationDeposit',
  route: 'api/Reservation/Deposit',
  methods: ['PATCH'],
  permission: { area: AREA, level: LEVEL.create },
  roles: [ROLE.houseModerator, ROLE.staff],
  async handle({ req, actor }) {
    const { reservationID, depositOutcome } = await readJson(req, reservationDepositSchema);
    return ok(await setReservationDeposit(actor, reservationID, depositOutcome));
  },
});
