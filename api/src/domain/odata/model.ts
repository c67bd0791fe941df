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
  navigation: {
    devices: 'Device',
    contracts: 'Contract',
    lesseeInfos: 'LesseeInfo',
    vehicles: 'Vehicle',
    monthlyBills: 'MonthlyBill',
    issues: 'Issue',
    notifications: 'Notification',
  },
};

export const DEVICE_MODEL: EntityModel = {
  name: 'Device',
  fields: {
    deviceID: 'string',
    houseID: 'string',
    roomID: 'string',
    deviceName: 'string',
    quantity: 'number',
    condition: 'string',
    value: 'number',
    images: 'array',
    createdOn: 'date',
  },
  navigation: {},
};

/** Collections later features fill; declared so the spec's expands already answer (with what exists). */
export const MONTHLY_BILL_MODEL: EntityModel = {
  name: 'MonthlyBill',
  fields: {
    monthlyBillID: 'string',
    billName: 'string',
    createdOn: 'date',
    total: 'number',
    status: 'number',
  },
  navigation: {},
};
export const ISSUE_MODEL: EntityModel = {
  name: 'Issue',
  fields: { issueID: 'string', status: 'number', createdOn: 'date', createdBy: 'string' },
  navigation: {},
};
export const NOTIFICATION_MODEL: EntityModel = {
  name: 'Notification',
  fields: { notificationID: 'string', title: 'string', createdOn: 'date' },
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
  fields: {
    vehicleID: 'string',
    houseID: 'string',
    contractID: 'string',
    licensePlate: 'string',
    vehicleType: 'string',
  },
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
    DEVICE_MODEL,
    MONTHLY_BILL_MODEL,
    ISSUE_MODEL,
    NOTIFICATION_MODEL,
    SERVICE_MODEL,
    LESSOR_INFO_MODEL,
    CONTRACT_MODEL,
    LESSEE_INFO_MODEL,
    VEHICLE_MODEL,
    HOUSE_MODEL,
    REGISTRATION_MODEL,
  ].map((model) => [model.name, model]),
);
