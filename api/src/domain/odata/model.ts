export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'array' | 'object';

/** What a client may name in `$filter`, `$orderby`, `$select` and `$expand` for one entity. */
export interface EntityModel {
  name: string;
  /** Flat map; nested properties use dots (`lessorInfo.status`), written `lessorInfo/status` in OData. */
  fields: Record<string, FieldType>;
  /** Navigation property → target entity name. */
  navigation: Record<string, string>;
}

export const ROOM_MODEL: EntityModel = {
  name: 'Room',
  fields: {
    roomID: 'string',
    houseID: 'string',
    roomName: 'string',
    roomDescription: 'string',
    acreage: 'number',
    floor: 'number',
    price: 'number',
    status: 'string',
    currentElectricityIndex: 'number',
    currentWaterIndex: 'number',
    images: 'array',
    createdOn: 'date',
  },
  navigation: {},
};

export const SERVICE_MODEL: EntityModel = {
  name: 'Service',
  fields: { serviceID: 'string', houseID: 'string', serviceName: 'string', price: 'number', unit: 'string' },
  navigation: {},
};

export const LESSOR_INFO_MODEL: EntityModel = {
  name: 'LessorInfo',
  fields: {
    status: 'number',
    fullName: 'string',
    phoneNumber: 'string',
    email: 'string',
    address: 'string',
    bankName: 'string',
    bankAccountNumber: 'string',
  },
  navigation: {},
};

export const CONTRACT_MODEL: EntityModel = {
  name: 'Contract',
  fields: {
    contractID: 'string',
    houseID: 'string',
    roomID: 'string',
    status: 'number',
    createdOn: 'date',
    startDate: 'date',
    endDate: 'date',
    rentFee: 'number',
    deposit: 'number',
    representativeLesseeID: 'string',
  },
  navigation: {},
};

export const LESSEE_INFO_MODEL: EntityModel = {
  name: 'LesseeInfo',
  fields: {
    lesseeInfoID: 'string',
    houseID: 'string',
    contractID: 'string',
    occupantName: 'string',
    gender: 'number',
    phoneNumber: 'string',
    dateOfBirth: 'date',
    isRepresentative: 'boolean',
    status: 'number',
  },
  navigation: {},
};

export const VEHICLE_MODEL: EntityModel = {
  name: 'Vehicle',
  fields: { vehicleID: 'string', houseID: 'string', contractID: 'string', licensePlate: 'string', vehicleType: 'string' },
  navigation: {},
};

export const HOUSE_MODEL: EntityModel = {
  name: 'House',
  fields: { houseID: 'string', houseName: 'string', houseAddress: 'string', createdOn: 'date' },
  navigation: {
    rooms: 'Room',
    services: 'Service',
    lessorInfo: 'LessorInfo',
    contracts: 'Contract',
    lesseeInfos: 'LesseeInfo',
    vehicles: 'Vehicle',
  },
};

export const REGISTRATION_MODEL: EntityModel = {
  name: 'HMRegistration',
  fields: {
    registrationID: 'string',
    fullName: 'string',
    phoneNumber: 'string',
    email: 'string',
    houseName: 'string',
    houseAddress: 'string',
    roomQuota: 'number',
    status: 'string',
    createdOn: 'date',
  },
  navigation: {},
};

export const MODELS: Record<string, EntityModel> = Object.fromEntries(
  [
    ROOM_MODEL,
    SERVICE_MODEL,
    LESSOR_INFO_MODEL,
    CONTRACT_MODEL,
    LESSEE_INFO_MODEL,
    VEHICLE_MODEL,
    HOUSE_MODEL,
    REGISTRATION_MODEL,
  ].map((model) => [model.name, model]),
);
