import type { MyData } from '@nhatro/common';
import { PERSONAL_DATA_MESSAGES, ROLE } from '@nhatro/common';
import { displayDate, type DocumentBlock } from '../../domain/contractDocuments.js';
import {
  DEFAULT_IDENTITY_RETENTION_MONTHS,
  IDENTITY_CONSENT_PURPOSE,
  IDENTITY_PHOTO_FIELDS,
  identityErasureDate,
} from '../../domain/personalData.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  OutboxMessageDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { erasureRequestedText } from '../../domain/shared/outboxTexts.js';
import { renderPdf } from '../../documents/contractPdf.js';
import { type Actor, audit, writeAudited } from '../shared/actor.js';
import { houseDocs, readHouse } from '../shared/houseScope.js';
import { outboxCreate } from '../shared/outboxMessages.js';
import { landlordRecipient } from '../shared/receivedPayments.js';
import { entityView } from '../shared/views.js';

/** Labels of the data a person reads in their own export (the PDF). */
const FIELD_LABELS: Record<string, string> = {
  occupantName: 'Họ tên',
  gender: 'Giới tính',
  dateOfBirth: 'Ngày sinh',
  phoneNumber: 'Số điện thoại',
  citizenID: 'Số CCCD',
  dateOfIssue: 'Ngày cấp',
  placeOfIssue: 'Nơi cấp',
  hometown: 'Quê quán',
  permanentResidence: 'Địa chỉ thường trú',
  currentJob: 'Nghề nghiệp',
  workPlace: 'Nơi làm việc',
  ethnicity: 'Dân tộc',
  nationality: 'Quốc tịch',
  residentialStartDate: 'Ngày bắt đầu tạm trú',
  residentialEndDate: 'Ngày kết thúc tạm trú',
  residenceDeclaredOn: 'Ngày khai báo cư trú',
  consentPurpose: 'Mục đích lưu giấy tờ',
  consentAt: 'Thời điểm ghi nhận đồng ý',
  consentBy: 'Người ghi nhận',
  consentConfirmedAt: 'Bạn xác nhận đồng ý lúc',
  erasureRequestedAt: 'Bạn yêu cầu xóa lúc',
  identityErasedAt: 'Đã xóa giấy tờ lúc',
};

const PHOTO_LABELS: Record<(typeof IDENTITY_PHOTO_FIELDS)[number], string> = {
  citizenIDFrontImage: 'Ảnh CCCD mặt trước',
  citizenIDBackImage: 'Ảnh CCCD mặt sau',
  portraitImage: 'Ảnh chân dung',
  residenceReceiptImage: 'Ảnh biên nhận khai báo cư trú',
};

interface Occupancy {
  lessee: LesseeInfoDoc;
  contract: ContractDoc;
  house: HouseDoc;
  roomName: string;
}

/** The tenant's own occupant record (the one their account was opened for), or `undefined`. */
async function ownOccupancy(actor: Actor): Promise<Occupancy | undefined> {
  const account = actor.user.account;
  if (actor.user.roleID !== ROLE.lessee || !account.houseID || !account.lesseeID) return undefined;
  const docs = houseDocs(actor.deps);
  const [lessee, house] = await Promise.all([
    docs.read(account.houseID, account.lesseeID),
    readHouse(actor.deps, account.houseID),
  ]);
  if (lessee?.type !== 'lesseeInfo' || !house) return undefined;
  const contract = await docs.read(house.houseID, lessee.contractID);
  if (contract?.type !== 'contract') return undefined;
  const room = await docs.read(house.houseID, contract.roomID);
  return { lessee, contract, house, roomName: (room as RoomDoc | undefined)?.roomName ?? '' };
}

/** `GET /api/User/MyData`: everything the product keeps about the signed-in person. */
export async function myData(actor: Actor): Promise<MyData> {
  const account = actor.user.account;
  const occupancy = await ownOccupancy(actor);
  const months = occupancy?.house.identityRetentionMonths ?? DEFAULT_IDENTITY_RETENTION_MONTHS;
  const erasureDate = occupancy && identityErasureDate(occupancy.lessee, occupancy.contract, months);
  const data: MyData = {
    exportedAt: actor.deps.now().toISOString(),
    account: {
      userID: account.userID,
      username: account.username,
      fullName: account.fullName,
      role: actor.user.role.roleName,
      ...(account.email ? { email: account.email } : {}),
      ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
      createdOn: account.createdOn,
    },
    identityPhotos: [],
    retention: { months, ...(erasureDate ? { erasureDate } : {}) },
  };
  if (occupancy) {
    const { searchText: _search, ...occupant } = occupancy.lessee;
    data.occupant = entityView(occupant);
    data.tenancy = {
      houseName: occupancy.house.houseName,
      houseAddress: occupancy.house.houseAddress,
      roomName: occupancy.roomName,
      startDate: occupancy.contract.startDate,
      endDate: occupancy.contract.endDate,
    };
    data.identityPhotos = IDENTITY_PHOTO_FIELDS.filter((field) => occupancy.lessee[field]).map(
      (field) => PHOTO_LABELS[field],
    );
  }
  if (account.lessorInfo) {
    const { citizenIDFrontImage, citizenIDBackImage, ...info } = account.lessorInfo;
    data.lessorInfo = info;
    if (citizenIDFrontImage) data.identityPhotos.push(PHOTO_LABELS.citizenIDFrontImage);
    if (citizenIDBackImage) data.identityPhotos.push(PHOTO_LABELS.citizenIDBackImage);
  }
  await audit(actor, { action: 'exportMyData', entity: 'user', entityID: account.userID });
  return data;
}

function shown(field: string, value: unknown): string {
  if (field === 'gender') return value === 1 ? 'Nam' : 'Nữ';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return displayDate(value);
  return String(value);
}

/** The same data as a readable PDF (A4, Vietnamese). */
export async function myDataPdf(actor: Actor): Promise<{ pdf: Uint8Array; fileName: string }> {
  const data = await myData(actor);
  const blocks: DocumentBlock[] = [
    { kind: 'center', text: 'DỮ LIỆU CÁ NHÂN CỦA BẠN TRÊN NHÀ TRỌ', bold: true, size: 'title' },
    { kind: 'center', text: `Xuất lúc ${displayDate(data.exportedAt)}`, size: 'small' },
    { kind: 'heading', text: 'Tài khoản' },
    {
      kind: 'fields',
      rows: [
        ['Tên đăng nhập', data.account.username],
        ['Họ tên', data.account.fullName],
        ['Vai trò', data.account.role],
        ...(data.account.phoneNumber
          ? ([['Số điện thoại', data.account.phoneNumber]] as Array<[string, string]>)
          : []),
        ...(data.account.email ? ([['Email', data.account.email]] as Array<[string, string]>) : []),
        ['Ngày tạo', displayDate(data.account.createdOn)],
      ],
    },
  ];
  if (data.tenancy) {
    blocks.push(
      { kind: 'heading', text: 'Nơi thuê' },
      {
        kind: 'fields',
        rows: [
          ['Nhà trọ', `${data.tenancy.houseName}, ${data.tenancy.houseAddress}`],
          ['Phòng', data.tenancy.roomName],
          ['Thời hạn', `${displayDate(data.tenancy.startDate)} – ${displayDate(data.tenancy.endDate)}`],
        ],
      },
    );
  }
  const record = data.occupant ?? data.lessorInfo;
  if (record) {
    const rows = Object.entries(FIELD_LABELS).flatMap(([field, label]): Array<[string, string]> =>
      record[field] === undefined || record[field] === '' ? [] : [[label, shown(field, record[field])]],
    );
    blocks.push({ kind: 'heading', text: 'Thông tin đã lưu' }, { kind: 'fields', rows });
  }
  blocks.push(
    { kind: 'heading', text: 'Ảnh giấy tờ đã lưu' },
    { kind: 'text', text: data.identityPhotos.length > 0 ? data.identityPhotos.join(', ') : 'Không có.' },
    { kind: 'heading', text: 'Thời hạn lưu' },
    {
      kind: 'text',
      text:
        `Số CCCD và ảnh giấy tờ được giữ ${data.retention.months} tháng sau khi kết thúc thời gian ở, rồi tự động xóa` +
        (data.retention.erasureDate ? ` (ngày ${displayDate(data.retention.erasureDate)}).` : '.') +
        ` Mục đích: ${IDENTITY_CONSENT_PURPOSE}`,
    },
  );
  const pdf = await renderPdf(blocks, { title: 'Dữ liệu cá nhân' });
  return { pdf, fileName: `du-lieu-ca-nhan-${data.account.username}.pdf` };
}

/**
 * `POST /api/User/MyData/Erasure`: the tenant asks for their identity data to be erased. The landlord
 * is told (outbox) and the erasure follows the house's rule (its retention after the stay ends).
 */
export async function requestErasure(actor: Actor): Promise<{ erasureDate?: string }> {
  const occupancy = await ownOccupancy(actor);
  if (!occupancy) throw AppError.badRequest(PERSONAL_DATA_MESSAGES.notAnOccupant);
  const { lessee, contract, house, roomName } = occupancy;
  const months = house.identityRetentionMonths ?? DEFAULT_IDENTITY_RETENTION_MONTHS;
  const erasureDate = identityErasureDate(lessee, contract, months);
  if (!lessee.erasureRequestedAt) {
    const text = erasureRequestedText(
      { occupantName: lessee.occupantName, roomName, erasureDate, retentionMonths: months },
      house.houseName,
    );
    const message = outboxCreate(actor.deps, house.houseID, {
      event: 'erasureRequested',
      houseID: house.houseID,
      recipient: await landlordRecipient(actor.deps, house),
      subjectID: lessee.lesseeInfoID,
      ...text,
    });
    await writeAudited<LesseeInfoDoc | OutboxMessageDoc>(
      actor,
      house.houseID,
      [
        {
          op: 'replace',
          doc: { ...lessee, erasureRequestedAt: actor.deps.now().toISOString() },
          ...(lessee._etag ? { ifMatch: lessee._etag } : {}),
        },
        message,
      ],
      { action: 'requestErasure', entity: 'lesseeInfo', entityID: lessee.lesseeInfoID },
    );
  }
  return erasureDate ? { erasureDate } : {};
}

/** `POST /api/User/MyData/Consent`: the tenant confirms the consent recorded with their identity data. */
export async function confirmMyConsent(actor: Actor): Promise<void> {
  const occupancy = await ownOccupancy(actor);
  if (!occupancy) throw AppError.badRequest(PERSONAL_DATA_MESSAGES.notAnOccupant);
  const { lessee, house } = occupancy;
  if (lessee.consentConfirmedAt) return;
  await houseDocs<LesseeInfoDoc>(actor.deps).patch(house.houseID, lessee.id, [
    { op: 'set', path: '/consentConfirmedAt', value: actor.deps.now().toISOString() },
    ...(lessee.consentPurpose
      ? []
      : [{ op: 'set' as const, path: '/consentPurpose', value: IDENTITY_CONSENT_PURPOSE }]),
  ]);
  await audit(actor, {
    action: 'confirmConsent',
    entity: 'lesseeInfo',
    entityID: lessee.lesseeInfoID,
    houseID: house.houseID,
  });
}
