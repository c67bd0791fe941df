import { inflateSync } from 'node:zlib';
import { BILL_STATUS, vietQrPayload, type BillLine } from '@nhatro/common';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { billDocument, type BillParticulars } from '../../api/src/domain/monthlyBills.js';
import { computeBill } from '../../api/src/domain/shared/bills.js';
import { renderPdf } from '../../api/src/documents/contractPdf.js';

/** P101's November bill: rent, tiered electricity for 4 people (230 kWh), water, parking and a debt. */
const computed = computeBill({
  month: '2026-11',
  contract: { contractID: 'contract-1', startDate: '2026-01-10', endDate: '2027-01-09', rentFee: 3_000_000 },
  fees: [
    {
      serviceID: 'fee-elec',
      houseID: 'h',
      serviceName: 'Điện',
      price: 3_500,
      unit: 'kWh',
      pricing: 'tiered',
    },
    { serviceID: 'fee-water', houseID: 'h', serviceName: 'Nước', price: 15_000, unit: 'm3' },
    { serviceID: 'fee-park', houseID: 'h', serviceName: 'Gửi xe', price: 150_000, unit: 'vehicle' },
  ],
  contractServices: [{ serviceID: 'fee-park', vehicleID: 'vehicle-1' }],
  occupants: 4,
  vehicles: [{ vehicleID: 'vehicle-1', licensePlate: '59X1-123.45' }],
  readings: {
    electricity: { previousIndex: 1_234, newIndex: 1_464, usage: 230 },
    water: { previousIndex: 100, newIndex: 108, usage: 8 },
  },
  debts: [{ monthlyBillID: 'contract-1_2026-10', billName: 'Hóa đơn tháng 10/2026 – P101', owed: 250_000 }],
});

// 3.000.000 + 529.640 + 120.000 + 150.000 + 250.000 = 4.049.640; 1.000.000 paid in cash, 3.049.640 owed.
const TOTAL = 4_049_640;
const PAID = 1_000_000;
const QR = vietQrPayload({
  bankBin: '970436',
  accountNumber: '0071000123456',
  amount: TOTAL - PAID,
  note: 'NTUH2AZP5V',
});

const particulars: BillParticulars = {
  house: { houseName: 'Nhà trọ Hoa Sen', houseAddress: '12 Đường số 8, Thủ Đức, TP. Hồ Chí Minh' },
  room: { roomName: 'P101' },
  tenantName: 'Nguyễn Thị Lan',
  bill: {
    billName: 'Hóa đơn tháng 11/2026 – P101',
    billCode: 'NTUH2AZP5V',
    month: '2026-11',
    // 18:30 UTC on 4/12 is 01:30 on 5/12 in Vietnam.
    createdOn: '2026-12-04T18:30:00Z',
    dueDate: '2026-12-15',
    total: computed.total,
    paidAmount: PAID,
    status: BILL_STATUS.partlyPaid,
    billDetails: computed.lines,
    transferQR: QR,
  },
  bank: { bankName: 'Vietcombank', accountNumber: '0071000123456', accountHolder: 'LÊ VĂN CHỦ' },
};

const text = (blocks: ReturnType<typeof billDocument>) => JSON.stringify(blocks);

describe('billDocument: the printed bill', () => {
  it('heads the bill with the house, the title, the bill’s name and code, and its particulars', () => {
    const blocks = billDocument(particulars);
    expect(computed.total).toBe(TOTAL);
    expect(blocks.slice(0, 6)).toEqual([
      { kind: 'center', text: 'Nhà trọ Hoa Sen', bold: true },
      { kind: 'center', text: '12 Đường số 8, Thủ Đức, TP. Hồ Chí Minh', size: 'small' },
      { kind: 'center', text: 'HÓA ĐƠN TIỀN PHÒNG', bold: true, size: 'title' },
      { kind: 'center', text: 'Hóa đơn tháng 11/2026 – P101' },
      { kind: 'center', text: 'Mã hóa đơn: NTUH2AZP5V', size: 'small' },
      {
        kind: 'fields',
        rows: [
          ['Phòng', 'P101'],
          ['Người thuê', 'Nguyễn Thị Lan'],
          ['Tháng', '11/2026'],
          ['Ngày lập', '05/12/2026'],
          ['Hạn thanh toán', '15/12/2026'],
          ['Trạng thái', 'Thanh toán một phần'],
        ],
      },
    ]);
  });

  it('lists the lines with their workings, the tiers under the electricity line', () => {
    const table = billDocument(particulars).find((block) => block.kind === 'table');
    expect(table).toEqual({
      kind: 'table',
      columns: ['Khoản thu', 'Số lượng', 'Đơn giá', 'Thành tiền'],
      widths: [0.46, 0.16, 0.18, 0.2],
      align: ['left', 'right', 'right', 'right'],
      rows: [
        ['Tiền phòng tháng 11/2026', '1 tháng', '3.000.000', '3.000.000'],
        [
          [
            'Tiền điện (230 kWh)',
            'Chỉ số 1.234 → 1.464',
            'Bậc 1: 50 kWh × 1.984 = 99.200',
            'Bậc 2: 50 kWh × 2.050 = 102.500',
            'Bậc 3: 100 kWh × 2.380 = 238.000',
            'Bậc 4: 30 kWh × 2.998 = 89.940',
          ].join('\n'),
          '230 kWh',
          'Bậc thang',
          '529.640',
        ],
        ['Tiền nước (8 m³)\nChỉ số 100 → 108', '8 m³', '15.000', '120.000'],
        ['Gửi xe – 59X1-123.45', '1 xe', '150.000', '150.000'],
        ['Nợ chuyển từ Hóa đơn tháng 10/2026 – P101', '1', '250.000', '250.000'],
      ],
    });
  });

  it('states the total in figures and words, what is paid and what is still owed', () => {
    const blocks = billDocument(particulars);
    expect(blocks).toContainEqual({
      kind: 'fields',
      rows: [
        ['Tổng cộng', '4.049.640 đồng'],
        ['Bằng chữ', 'Bốn triệu không trăm bốn mươi chín nghìn sáu trăm bốn mươi đồng'],
        ['Đã thanh toán', '1.000.000 đồng'],
        ['Còn phải trả', '3.049.640 đồng'],
      ],
    });
  });

  it('ends with the VietQR code of the amount owed, the bank account beside it, captioned with the bill code', () => {
    const blocks = billDocument(particulars);
    expect(blocks.at(-1)).toEqual({
      kind: 'qr',
      text: QR,
      caption: 'Quét mã để chuyển khoản – nội dung: NTUH2AZP5V',
      rows: [
        ['Ngân hàng', 'Vietcombank'],
        ['Số tài khoản', '0071000123456'],
        ['Chủ tài khoản', 'LÊ VĂN CHỦ'],
        ['Số tiền', '3.049.640 đồng'],
        ['Nội dung', 'NTUH2AZP5V'],
      ],
    });
  });

  it('has no QR code without a transfer code or once paid, and no tenant row without a tenant', () => {
    const noQr = billDocument({
      ...particulars,
      tenantName: undefined,
      bill: { ...particulars.bill, transferQR: undefined },
    });
    expect(noQr.some((block) => block.kind === 'qr')).toBe(false);
    expect(text(noQr)).not.toContain('Quét mã');
    expect(text(noQr)).not.toContain('Người thuê');
    const paid = billDocument({
      ...particulars,
      bill: { ...particulars.bill, paidAmount: TOTAL, status: BILL_STATUS.paid },
    });
    expect(paid.some((block) => block.kind === 'qr')).toBe(false);
    expect(text(paid)).toContain('["Còn phải trả","0 đồng"]');
    expect(text(paid)).toContain('["Trạng thái","Đã thanh toán"]');
  });

  it('shows a prorated line’s note and a line without a unit', () => {
    const line: BillLine = {
      kind: 'other',
      description: 'Sửa vòi nước',
      quantity: 1,
      unitPrice: 80_000,
      amount: 80_000,
    };
    const prorated: BillLine = {
      kind: 'rent',
      description: 'Tiền phòng tháng 11/2026',
      quantity: 1,
      unit: 'tháng',
      unitPrice: 3_000_000,
      amount: 1_600_000,
      note: 'Tính theo ngày: 16/30 ngày',
    };
    const table = billDocument({
      ...particulars,
      bill: { ...particulars.bill, billDetails: [prorated, line], total: 1_680_000, paidAmount: 0 },
    }).find((block) => block.kind === 'table');
    expect(table?.kind === 'table' ? table.rows : []).toEqual([
      ['Tiền phòng tháng 11/2026\nTính theo ngày: 16/30 ngày', '1 tháng', '3.000.000', '1.600.000'],
      ['Sửa vòi nước', '1', '80.000', '80.000'],
    ]);
  });

  it('leaves out paid and owed while nothing is paid (the total is what is owed)', () => {
    const unpaid = billDocument({
      ...particulars,
      bill: { ...particulars.bill, paidAmount: 0, status: BILL_STATUS.unpaid },
    });
    expect(unpaid).toContainEqual({
      kind: 'fields',
      rows: [
        ['Tổng cộng', '4.049.640 đồng'],
        ['Bằng chữ', 'Bốn triệu không trăm bốn mươi chín nghìn sáu trăm bốn mươi đồng'],
      ],
    });
    expect(unpaid.at(-1)).toMatchObject({
      kind: 'qr',
      rows: expect.arrayContaining([['Số tiền', '4.049.640 đồng']]),
    });
  });
});

/** The page content streams of a PDF, inflated. */
function pageContent(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let content = '';
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      content += inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // Not a deflated stream (or a font program): not page content.
    }
  }
  return content;
}

describe('renderPdf on A5', () => {
  it('renders the bill as an A5 PDF with the QR code drawn module by module', async () => {
    const pdf = Buffer.from(
      await renderPdf(billDocument(particulars), { title: 'Hóa đơn tháng 11/2026 – P101', size: 'A5' }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A5 is 148 × 210 mm = 419.53 × 595.28 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.53 595\.28\]/);
    expect(pdf.toString('latin1')).not.toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // Every dark module of the QR code is a filled square on the page.
    const darkModules = create(QR, { errorCorrectionLevel: 'M' }).modules.data.filter(Boolean).length;
    const squares = pageContent(pdf).match(/ re\n/g)?.length ?? 0;
    expect(squares).toBeGreaterThanOrEqual(darkModules);
    // Six lines (four electricity tiers among them), the totals and the QR code fit on one A5 page.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('still renders contracts on A4 by default', async () => {
    const pdf = Buffer.from(await renderPdf([{ kind: 'text', text: 'Hợp đồng' }], { title: 'Hợp đồng' }));
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });
});
