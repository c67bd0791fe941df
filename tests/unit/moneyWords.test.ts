import { describe, expect, it } from 'vitest';
import { moneyInWords } from '../../api/src/domain/shared/moneyWords.js';
import { contractDocument, displayMoney } from '../../api/src/domain/contractDocuments.js';

describe('moneyInWords: amounts as a Vietnamese contract writes them', () => {
  it.each([
    [0, 'Không đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [15, 'Mười lăm đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [1_000, 'Một nghìn đồng'],
    [1_005, 'Một nghìn không trăm linh năm đồng'],
    [150_000, 'Một trăm năm mươi nghìn đồng'],
    [2_800_000, 'Hai triệu tám trăm nghìn đồng'],
    [3_500_000, 'Ba triệu năm trăm nghìn đồng'],
    [1_000_500, 'Một triệu năm trăm đồng'],
    [10_050_000, 'Mười triệu không trăm năm mươi nghìn đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [2_015_000_000, 'Hai tỷ không trăm mười lăm triệu đồng'],
  ])('%i → %s', (amount, words) => {
    expect(moneyInWords(amount)).toBe(words);
  });

  it('refuses what is not a whole, non-negative amount', () => {
    expect(() => moneyInWords(-1)).toThrow(RangeError);
    expect(() => moneyInWords(1.5)).toThrow(RangeError);
  });
});

describe('the contract document', () => {
  const particulars = {
    contract: {
      contractID: 'ab12cd34-5678',
      createdOn: '2026-11-22T18:30:00Z',
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      rentFee: 3_500_000,
      deposit: 3_000_000,
    },
    house: { houseName: 'Nhà trọ Hoa Sen', houseAddress: '12 Đường số 8, Thủ Đức' },
    room: { roomName: 'P101', acreage: 18.5, floor: 1 },
    lessor: { status: 1 as const, fullName: 'Lê Văn Chủ', phoneNumber: '0912345678' },
    lessees: [
      {
        occupantName: 'Nguyễn Thị Lan',
        gender: 0 as const,
        isRepresentative: true,
        citizenID: '079301001234',
      },
      { occupantName: 'Trần Văn Nam', gender: 1 as const, isRepresentative: false },
    ],
    vehicles: [],
    services: [{ serviceName: 'Điện', price: 3_500, unit: 'kWh' as const }],
  };
  const text = (blocks: ReturnType<typeof contractDocument>) => JSON.stringify(blocks);

  it('dates the contract in Vietnam, states rent and deposit in figures and words, and lists the occupants', () => {
    const blocks = contractDocument(particulars);
    // 18:30 UTC on the 22nd is 01:30 on the 23rd in Vietnam.
    expect(text(blocks)).toContain('Hôm nay, ngày 23 tháng 11 năm 2026');
    expect(text(blocks)).toContain('3.500.000 đồng/tháng (bằng chữ: Ba triệu năm trăm nghìn đồng)');
    expect(text(blocks)).toContain('Từ ngày 01/12/2026 đến ngày 30/11/2027');
    expect(text(blocks)).toContain('diện tích 18,5 m²');
    expect(text(blocks)).toContain('3.500 đ/kWh');
    expect(blocks.find((block) => block.kind === 'table')).toMatchObject({
      rows: [['1', 'Trần Văn Nam', '', '']],
    });
    expect(displayMoney(1_234_567)).toBe('1.234.567');
  });

  it('dates a tenancy recorded after its start (an Excel import) by its start date, not the import day', () => {
    const imported = {
      ...particulars,
      contract: { ...particulars.contract, createdOn: '2026-11-27T03:00:00Z', startDate: '2026-06-01' },
    };
    expect(text(contractDocument(imported))).toContain('Hôm nay, ngày 01 tháng 06 năm 2026');
    expect(text(contractDocument(imported))).not.toContain('ngày 27 tháng 11 năm 2026');
  });

  it('numbers the articles without a vehicle article when there are no vehicles, and notes the signature', () => {
    const unsigned = contractDocument(particulars);
    expect(text(unsigned)).toContain('Điều 5. Trách nhiệm của các bên');
    expect(text(unsigned)).not.toContain('Đã ký điện tử');
    const signed = contractDocument({
      ...particulars,
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: '59-X3 123.45' }],
      contract: { ...particulars.contract, representativeLesseeSignedOn: '2026-11-24T02:00:00Z' },
    });
    expect(text(signed)).toContain('Điều 5. Phương tiện gửi tại nhà trọ');
    expect(text(signed)).toContain('Điều 6. Trách nhiệm của các bên');
    expect(signed.at(-1)).toMatchObject({
      kind: 'signatures',
      lessee: { name: 'Nguyễn Thị Lan', signedNote: 'Đã ký điện tử ngày 24/11/2026' },
    });
  });
});
