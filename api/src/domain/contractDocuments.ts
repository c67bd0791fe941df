import {
  FEE_PRICE_SUFFIXES,
  type Contract,
  type FeeUnit,
  type LesseeInfo,
  type LessorInfo,
} from '@nhatro/common';
import { moneyInWords } from './shared/moneyWords.js';
import { vietnamDate } from './shared/time.js';

/** Everything a contract's document states, gathered from the contract and its house. */
export interface ContractParticulars {
  contract: Pick<
    Contract,
    | 'contractID'
    | 'createdOn'
    | 'startDate'
    | 'endDate'
    | 'rentFee'
    | 'deposit'
    | 'isIncreased'
    | 'increasedFee'
    | 'representativeLesseeEmail'
    | 'representativeLesseeSignedOn'
  >;
  house: { houseName: string; houseAddress: string };
  room: { roomName: string; acreage?: number; floor?: number };
  lessor: LessorInfo & { fullName: string };
  /** The representative first, then the other occupants. */
  lessees: Array<
    Pick<
      LesseeInfo,
      | 'occupantName'
      | 'gender'
      | 'dateOfBirth'
      | 'citizenID'
      | 'dateOfIssue'
      | 'placeOfIssue'
      | 'permanentResidence'
      | 'phoneNumber'
      | 'isRepresentative'
    >
  >;
  vehicles: Array<{ vehicleType: string; licensePlate: string }>;
  services: Array<{ serviceName: string; price: number; unit: FeeUnit; licensePlate?: string }>;
}

/** A block of the document; the PDF renderer lays them out in order. */
export type DocumentBlock =
  | { kind: 'center'; text: string; bold?: boolean; size?: 'title' | 'normal' | 'small' }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'fields'; rows: Array<[label: string, value: string]> }
  | {
      kind: 'table';
      columns: string[];
      widths: number[];
      rows: string[][];
      /** Per column; money columns read best right-aligned. Left by default. */
      align?: Array<'left' | 'right'>;
    }
  /**
   * A QR code drawn from its modules, with an optional caption under it; with `rows` (label, value)
   * the code sits on the left and the rows beside it, otherwise it is centred.
   */
  | { kind: 'qr'; text: string; caption?: string; rows?: Array<[label: string, value: string]> }
  | {
      kind: 'signatures';
      lessor: { title: string; name: string; signedNote?: string };
      lessee: { title: string; name: string; signedNote?: string };
    };

/** dd/mm/yyyy of an ISO date (or date-time, read in Vietnam). */
export function displayDate(value: string): string {
  const date = value.length > 10 ? vietnamDate(new Date(value)) : value;
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** 1.500.000 (đồng, dots between thousands as Vietnamese write them). */
export function displayMoney(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The short number printed on a contract: the first eight characters of its id. */
export function contractNumber(contractID: string): string {
  return contractID.replace(/-/g, '').slice(0, 8).toUpperCase();
}

function personRows(person: ContractParticulars['lessees'][number]): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Họ và tên', person.occupantName]];
  if (person.dateOfBirth) rows.push(['Ngày sinh', displayDate(person.dateOfBirth)]);
  rows.push(['Giới tính', person.gender === 1 ? 'Nam' : 'Nữ']);
  if (person.citizenID) {
    const issued = [
      person.dateOfIssue ? `cấp ngày ${displayDate(person.dateOfIssue)}` : '',
      person.placeOfIssue ? `tại ${person.placeOfIssue}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    rows.push(['Số CCCD', issued ? `${person.citizenID}, ${issued}` : person.citizenID]);
  }
  if (person.permanentResidence) rows.push(['Nơi thường trú', person.permanentResidence]);
  if (person.phoneNumber) rows.push(['Điện thoại', person.phoneNumber]);
  return rows;
}

/**
 * The day the contract is signed ("Hôm nay, ngày…"): the day it was made in the app, unless its term
 * began earlier — a tenancy entered afterwards (imported from Excel, typed up later) was signed by its
 * start date, not on the day someone recorded it. yyyy-mm-dd in Vietnam.
 */
export function contractSigningDate(contract: { createdOn: string; startDate: string }): string {
  const recorded = vietnamDate(new Date(contract.createdOn));
  return contract.startDate < recorded ? contract.startDate : recorded;
}

/** The national heading, the document's title and number, and where and when it is signed. */
function titleBlocks({ contract, house }: ContractParticulars): DocumentBlock[] {
  const signedOn = contractSigningDate(contract);
  const [year, month, day] = signedOn.split('-');
  return [
    { kind: 'center', text: 'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', bold: true },
    { kind: 'center', text: 'Độc lập – Tự do – Hạnh phúc', bold: true },
    { kind: 'center', text: '———————', size: 'small' },
    { kind: 'center', text: 'HỢP ĐỒNG THUÊ PHÒNG TRỌ', bold: true, size: 'title' },
    { kind: 'center', text: `Số: ${contractNumber(contract.contractID)}/HĐTP`, size: 'small' },
    {
      kind: 'text',
      text: `Hôm nay, ngày ${day} tháng ${month} năm ${year}, tại ${house.houseName}, ${house.houseAddress}, chúng tôi gồm:`,
    },
  ];
}

/** The landlord (Bên A), the representative (Bên B) and the people living with them. */
function partyBlocks({ contract, lessor, lessees }: ContractParticulars): DocumentBlock[] {
  const [representative, ...others] = lessees;
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'BÊN CHO THUÊ (Bên A)' },
    {
      kind: 'fields',
      rows: [
        ['Họ và tên', lessor.fullName],
        ...(lessor.citizenID ? [['Số CCCD', lessor.citizenID] as [string, string]] : []),
        ...(lessor.address ? [['Địa chỉ', lessor.address] as [string, string]] : []),
        ...(lessor.phoneNumber ? [['Điện thoại', lessor.phoneNumber] as [string, string]] : []),
        ...(lessor.bankAccountNumber
          ? [
              ['Tài khoản', [lessor.bankAccountNumber, lessor.bankName].filter(Boolean).join(' – ')] as [
                string,
                string,
              ],
            ]
          : []),
      ],
    },
    { kind: 'heading', text: 'BÊN THUÊ (Bên B) – người đại diện' },
    { kind: 'fields', rows: representative ? personRows(representative) : [] },
  ];
  if (contract.representativeLesseeEmail) {
    blocks.push({ kind: 'fields', rows: [['Email', contract.representativeLesseeEmail]] });
  }
  if (others.length > 0) {
    blocks.push(
      { kind: 'text', text: 'Những người ở cùng:' },
      {
        kind: 'table',
        columns: ['STT', 'Họ và tên', 'Ngày sinh', 'Số CCCD'],
        widths: [0.08, 0.47, 0.2, 0.25],
        rows: others.map((person, index) => [
          String(index + 1),
          person.occupantName,
          person.dateOfBirth ? displayDate(person.dateOfBirth) : '',
          person.citizenID ?? '',
        ]),
      },
    );
  }
  return blocks;
}

/** Articles 1 to 3: the room, the term, the rent and the deposit (in figures and words). */
function termBlocks({ contract, house, room }: ContractParticulars): DocumentBlock[] {
  const blocks: DocumentBlock[] = [
    { kind: 'text', text: 'Hai bên cùng thỏa thuận ký hợp đồng thuê phòng với các điều khoản sau:' },
    { kind: 'heading', text: 'Điều 1. Phòng cho thuê' },
    {
      kind: 'text',
      text: [
        `Bên A cho Bên B thuê phòng ${room.roomName}`,
        room.floor !== undefined ? `, tầng ${room.floor}` : '',
        room.acreage ? `, diện tích ${String(room.acreage).replace('.', ',')} m²` : '',
        `, tại ${house.houseName}, ${house.houseAddress}, để ở.`,
      ].join(''),
    },
    { kind: 'heading', text: 'Điều 2. Thời hạn thuê' },
    {
      kind: 'text',
      text: `Từ ngày ${displayDate(contract.startDate)} đến ngày ${displayDate(contract.endDate)}. Khi hết hạn, hai bên có thể thỏa thuận gia hạn.`,
    },
    { kind: 'heading', text: 'Điều 3. Giá thuê và tiền đặt cọc' },
    {
      kind: 'fields',
      rows: [
        [
          'Giá thuê',
          `${displayMoney(contract.rentFee)} đồng/tháng (bằng chữ: ${moneyInWords(contract.rentFee)}).`,
        ],
        [
          'Tiền đặt cọc',
          `${displayMoney(contract.deposit)} đồng (bằng chữ: ${moneyInWords(contract.deposit)}).`,
        ],
      ],
    },
  ];
  if (contract.isIncreased && contract.increasedFee) {
    blocks.push({
      kind: 'text',
      text: `Giá thuê có thể được điều chỉnh tăng ${displayMoney(contract.increasedFee)} đồng/tháng theo thỏa thuận của hai bên; mọi thay đổi được ghi lại trong lịch sử hợp đồng.`,
    });
  }
  blocks.push({
    kind: 'text',
    text: 'Tiền thuê và tiền dịch vụ thanh toán hằng tháng theo hóa đơn của Bên A. Tiền đặt cọc được trả lại khi hợp đồng kết thúc, sau khi trừ các khoản Bên B còn nợ và chi phí bồi thường hư hỏng (nếu có).',
  });
  return blocks;
}

/** Article 4, the services, and article 5 when the tenants park vehicles. */
function serviceBlocks({ services, vehicles }: ContractParticulars): DocumentBlock[] {
  const blocks: DocumentBlock[] = [{ kind: 'heading', text: 'Điều 4. Dịch vụ sử dụng' }];
  if (services.length === 0) {
    blocks.push({ kind: 'text', text: 'Không đăng ký dịch vụ.' });
  } else {
    blocks.push({
      kind: 'table',
      columns: ['STT', 'Dịch vụ', 'Đơn giá'],
      widths: [0.08, 0.57, 0.35],
      rows: services.map((service, index) => [
        String(index + 1),
        service.licensePlate ? `${service.serviceName} (xe ${service.licensePlate})` : service.serviceName,
        `${displayMoney(service.price)} đ${FEE_PRICE_SUFFIXES[service.unit]}`,
      ]),
    });
  }
  if (vehicles.length > 0) {
    blocks.push(
      { kind: 'heading', text: 'Điều 5. Phương tiện gửi tại nhà trọ' },
      {
        kind: 'table',
        columns: ['STT', 'Loại xe', 'Biển số'],
        widths: [0.08, 0.46, 0.46],
        rows: vehicles.map((vehicle, index) => [
          String(index + 1),
          vehicle.vehicleType,
          vehicle.licensePlate || '—',
        ]),
      },
    );
  }
  return blocks;
}

/** The duties of both sides and the general terms (numbered from `article`), and the signatures. */
function closingBlocks({ contract, lessor, lessees }: ContractParticulars, article: number): DocumentBlock[] {
  const [representative] = lessees;
  return [
    { kind: 'heading', text: `Điều ${article}. Trách nhiệm của các bên` },
    {
      kind: 'text',
      text: 'Bên A giao phòng và trang thiết bị đúng hiện trạng, bảo đảm điện, nước và quyền sử dụng phòng trong thời hạn thuê, khai báo tạm trú cho người ở theo quy định.',
    },
    {
      kind: 'text',
      text: 'Bên B trả tiền đúng hạn, giữ gìn phòng và tài sản, tuân thủ nội quy nhà trọ và quy định về an ninh, phòng cháy chữa cháy; không tự ý cho người khác thuê lại; báo trước 30 ngày khi muốn chấm dứt hợp đồng.',
    },
    { kind: 'heading', text: `Điều ${article + 1}. Điều khoản chung` },
    {
      kind: 'text',
      text: 'Hai bên cam kết thực hiện đúng hợp đồng. Tranh chấp được giải quyết bằng thương lượng; nếu không thành, theo quy định của pháp luật. Hợp đồng có hiệu lực từ ngày ký, được lập thành hai bản có giá trị như nhau, mỗi bên giữ một bản.',
    },
    {
      kind: 'signatures',
      lessor: { title: 'BÊN CHO THUÊ', name: lessor.fullName },
      lessee: {
        title: 'BÊN THUÊ',
        name: representative?.occupantName ?? '',
        ...(contract.representativeLesseeSignedOn
          ? {
              signedNote: `Đã ký điện tử ngày ${displayDate(contract.representativeLesseeSignedOn)}`,
            }
          : {}),
      },
    },
  ];
}

/**
 * The contract as a Vietnamese document: national heading, parties, the room, term, rent and deposit
 * (in figures and words), services, vehicles, the usual duties of both sides, and the signatures.
 */
export function contractDocument(particulars: ContractParticulars): DocumentBlock[] {
  const article = particulars.vehicles.length > 0 ? 6 : 5;
  return [
    ...titleBlocks(particulars),
    ...partyBlocks(particulars),
    ...termBlocks(particulars),
    ...serviceBlocks(particulars),
    ...closingBlocks(particulars, article),
  ];
}
