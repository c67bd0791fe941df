import type { RoleID } from '@nhatro/common';
import type { StoredDoc } from '../store/store.js';

/** Documents of the `users` container (pk = id = userID). */
export interface LessorInfo {
  /** 1 = complete, 2 = incomplete. */
  status: 1 | 2;
  fullName?: string;
  phoneNumber?: string;
  email?: string;
  citizenID?: string;
  address?: string;
  bankName?: string;
  bankAccountNumber?: string;
}

export interface UserDoc extends StoredDoc {
  type: 'user';
  userID: string;
  username: string;
  passwordHash: string;
  roleID: RoleID;
  fullName: string;
  email?: string;
  phoneNumber?: string;
  disabled: boolean;
  createdOn: string;
  /** Landlord: details shown on contracts; status 2 until complete. */
  lessorInfo?: LessorInfo;
  /** Landlord: rooms the account may hold (purchased quota). */
  roomQuota?: number;
  /** Staff: houses assigned to them. */
  assignedHouseIDs?: string[];
  /** Lessee: where they live. */
  lesseeID?: string;
  houseID?: string;
  contractID?: string;
  roomID?: string;
}

/** Reserves a username across partitions (`id` = `username:<lowercase>`). */
export interface UsernameClaimDoc extends StoredDoc {
  type: 'usernameClaim';
  userID: string;
}

/** Documents of the `houses` container, all partitioned by houseID. */
export interface HouseDoc extends StoredDoc {
  type: 'house';
  houseID: string;
  houseName: string;
  houseAddress: string;
  ownerID: string;
  staffIDs: string[];
  createdOn: string;
}

export const ROOM_STATUSES = ['empty', 'reserved', 'occupied'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export interface RoomDoc extends StoredDoc {
  type: 'room';
  roomID: string;
  houseID: string;
  roomName: string;
  roomDescription: string;
  acreage: number;
  floor: number;
  price: number;
  status: RoomStatus;
  currentElectricityIndex: number;
  currentWaterIndex: number;
  images: string[];
  createdOn: string;
}

export const SERVICE_UNITS = ['kWh', 'm3', 'person', 'room', 'vehicle'] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];

export interface ServiceDoc extends StoredDoc {
  type: 'service';
  serviceID: string;
  houseID: string;
  serviceName: string;
  price: number;
  unit: ServiceUnit;
}

export interface ContractDoc extends StoredDoc {
  type: 'contract';
  contractID: string;
  houseID: string;
  roomID: string;
  /** 1 = active. */
  status: number;
  createdOn: string;
  startDate: string;
  endDate: string;
  rentFee: number;
  deposit: number;
  lesseeAccountID?: string;
  representativeLesseeID: string;
}

export interface LesseeInfoDoc extends StoredDoc {
  type: 'lesseeInfo';
  lesseeInfoID: string;
  houseID: string;
  contractID: string;
  occupantName: string;
  gender: 0 | 1;
  phoneNumber?: string;
  citizenID?: string;
  dateOfBirth?: string;
  isRepresentative: boolean;
  status: number;
}

export interface VehicleDoc extends StoredDoc {
  type: 'vehicle';
  vehicleID: string;
  houseID: string;
  contractID: string;
  licensePlate: string;
  vehicleType: string;
}

export interface DeviceDoc extends StoredDoc {
  type: 'device';
  deviceID: string;
  houseID: string;
  roomID: string;
  deviceName: string;
  quantity: number;
  condition: string;
  value: number;
  images: string[];
  createdOn: string;
}

export type HouseScopedDoc =
  HouseDoc | RoomDoc | DeviceDoc | ServiceDoc | ContractDoc | LesseeInfoDoc | VehicleDoc;

/** Lessor registrations (`platform` container, pk = "registrations"). */
export interface RegistrationDoc extends StoredDoc {
  type: 'registration';
  registrationID: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  houseName: string;
  houseAddress: string;
  roomQuota: number;
  status: 'pending' | 'paid' | 'approved' | 'rejected';
  createdOn: string;
}

/** Refresh-token families (`sessions` container, pk = userID, id = sessionID). */
export interface SessionDoc extends StoredDoc {
  type: 'session';
  userID: string;
  sessionID: string;
  currentSecretHash: string;
  /** Hashes of refresh tokens already rotated away; presenting one revokes the family. */
  previousSecretHashes: string[];
  revoked: boolean;
  revokedReason?: 'logout' | 'reuse' | 'disabled' | 'password';
  createdOn: string;
  expiresOn: string;
  ip: string;
  userAgent: string;
}

/** Audit trail (`audit` container, pk = month in Vietnam time, e.g. "2026-11"). */
export interface AuditDoc extends StoredDoc {
  type: 'audit';
  at: string;
  userID: string | null;
  username: string | null;
  roleID: RoleID | null;
  action: string;
  entity: string;
  entityID: string | null;
  houseID: string | null;
  ip: string;
  userAgent: string;
  details?: Record<string, unknown>;
}
