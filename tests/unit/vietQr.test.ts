import {
  bankTransferQR,
  crc16Ccitt,
  findBank,
  searchBanks,
  transferNote,
  VIETNAM_BANKS,
  VIETNAM_BANKS_SOURCE,
  vietQrPayload,
} from '@nhatro/common';
import { describe, expect, it } from 'vitest';

/** Splits an EMVCo text into its ID → value objects (one level). */
function objects(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    const id = text.slice(index, index + 2);
    const length = Number(text.slice(index + 2, index + 4));
    found.set(id, text.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return found;
}

describe('vietQrPayload: published examples, byte for byte', () => {
  it('a dynamic transfer with an accented note (github.com/subiz/vietqr README)', () => {
    // vietqr.Generate(120000, "970415", "0011001932418", "ủng hộ lũ lụt"): VietinBank, 120.000 đ.
    expect(
      vietQrPayload({
        bankBin: '970415',
        accountNumber: '0011001932418',
        amount: 120_000,
        note: 'ủng hộ lũ lụt',
      }),
    ).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
  });

  it('a dynamic transfer to ACB (the vietnam_qr_pay gem README)', () => {
    expect(
      vietQrPayload({ bankBin: '970416', accountNumber: '257678859', amount: 10_000, note: 'Chuyen tien' }),
    ).toBe(
      '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6',
    );
  });

  it('a static code without amount or note (github.com/subiz/vietqr README, TPBank)', () => {
    expect(vietQrPayload({ bankBin: '970423', accountNumber: '0099999999' })).toBe(
      '00020101021138540010A00000072701240006970423011000999999990208QRIBFTTA53037045802VN6304CBB4',
    );
  });
});

describe('the structure of a bill payment code', () => {
  const payload = vietQrPayload({
    bankBin: '970436',
    accountNumber: '0071 000 123-456',
    amount: 3_820_000,
    note: 'NTUH2AZP5V',
  });

  it('has the NAPAS objects in order and a CRC over everything up to "6304"', () => {
    const root = objects(payload);
    expect([...root.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
    expect(root.get('00')).toBe('01');
    expect(root.get('01')).toBe('12');
    const beneficiary = objects(root.get('38') ?? '');
    expect(beneficiary.get('00')).toBe('A000000727');
    expect(objects(beneficiary.get('01') ?? '')).toEqual(
      new Map([
        ['00', '970436'],
        ['01', '0071000123456'],
      ]),
    );
    expect(beneficiary.get('02')).toBe('QRIBFTTA');
    expect(root.get('53')).toBe('704');
    expect(root.get('54')).toBe('3820000');
    expect(root.get('58')).toBe('VN');
    expect(objects(root.get('62') ?? '').get('08')).toBe('NTUH2AZP5V');
    expect(root.get('63')).toBe(crc16Ccitt(payload.slice(0, -4)));
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('CRC-16/CCITT-FALSE: the standard check value and uppercase hex', () => {
    // The catalogue check value of CRC-16/CCITT-FALSE for "123456789" is 0x29B1.
    expect(crc16Ccitt('123456789')).toBe('29B1');
    expect(crc16Ccitt('')).toBe('FFFF');
    expect(crc16Ccitt(payload.slice(0, -4))).toMatch(/^[0-9A-F]{4}$/);
  });

  it('is static without an amount or with 0, and leaves out an empty note', () => {
    const zero = objects(vietQrPayload({ bankBin: '970436', accountNumber: '123', amount: 0, note: '!!' }));
    expect(zero.get('01')).toBe('11');
    expect(zero.has('54')).toBe(false);
    expect(zero.has('62')).toBe(false);
  });

  it('refuses a bad BIN, account or amount', () => {
    expect(() => vietQrPayload({ bankBin: '97043', accountNumber: '123' })).toThrow(RangeError);
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '' })).toThrow(RangeError);
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '12345678901234567890' })).toThrow(
      RangeError,
    );
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '123/45' })).toThrow(RangeError);
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '123', amount: 10.5 })).toThrow(
      RangeError,
    );
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '123', amount: -1 })).toThrow(RangeError);
  });
});

describe('transferNote', () => {
  it('strips accents, keeps letters, digits and single spaces, at most 25 characters', () => {
    expect(transferNote('Tiền phòng tháng 11/2026 – P101')).toBe('Tien phong thang 11 2026');
    expect(transferNote('Đặng Văn Đức')).toBe('Dang Van Duc');
    expect(transferNote('  NTUH2AZP5V  ')).toBe('NTUH2AZP5V');
    expect(transferNote('Thanh toán hóa đơn phòng trọ số 12')).toBe('Thanh toan hoa don phong');
    expect(transferNote('Thanh toán hóa đơn phòng trọ số 12').length).toBeLessThanOrEqual(25);
  });
});

describe('VIETNAM_BANKS and findBank', () => {
  it('knows the BINs of the common banks', () => {
    const bins = Object.fromEntries(VIETNAM_BANKS.map((bank) => [bank.shortName, bank.bin]));
    expect(bins).toMatchObject({
      Vietcombank: '970436',
      VietinBank: '970415',
      BIDV: '970418',
      Agribank: '970405',
      Techcombank: '970407',
      MBBank: '970422',
      ACB: '970416',
      VPBank: '970432',
      TPBank: '970423',
      Sacombank: '970403',
      HDBank: '970437',
      VIB: '970441',
      SHB: '970443',
      Eximbank: '970431',
      MSB: '970426',
      OCB: '970448',
      SeABank: '970440',
      LPBank: '970449',
      'Nam A Bank': '970428',
      'Bac A Bank': '970409',
      SCB: '970429',
      PVcomBank: '970412',
      ABBANK: '970425',
      Kienlongbank: '970452',
      VietABank: '970427',
      'BaoViet Bank': '970438',
      NCB: '970419',
      Cake: '546034',
      Timo: '963388',
    });
    expect(new Set(VIETNAM_BANKS.map((bank) => bank.bin)).size).toBe(VIETNAM_BANKS.length);
  });

  it.each([
    ['Vietcombank', '970436'],
    ['vietcombank ', '970436'],
    ['VCB', '970436'],
    ['vcb', '970436'],
    ['Vietcom Bank', '970436'],
    ['Ngân hàng TMCP Ngoại thương Việt Nam', '970436'],
    ['NGAN HANG TMCP NGOAI THUONG VIET NAM', '970436'],
    ['Ngân hàng Ngoại thương', '970436'],
    ['Vietcombank – CN Hà Nội', '970436'],
    ['Vietcombank chi nhánh Sài Gòn', '970436'],
    ['Ngân hàng TMCP Kỹ thương Việt Nam (Techcombank) CN Hà Thành', '970407'],
    ['Techcombank', '970407'],
    ['MB Bank', '970422'],
    ['MB', '970422'],
    ['Ngân hàng Quân Đội', '970422'],
    ['VietinBank', '970415'],
    ['Vietin', '970415'],
    ['Ngân hàng Công Thương Việt Nam', '970415'],
    ['Agribank', '970405'],
    ['ACB Bank', '970416'],
    ['Á Châu', '970416'],
    ['Sài Gòn Thương Tín', '970403'],
    ['Sacombank', '970403'],
    ['Saigonbank', '970400'],
    ['Ngân hàng TMCP Sài Gòn', '970429'],
    ['LienVietPostBank', '970449'],
    ['Nam A Bank', '970428'],
    ['NamABank', '970428'],
    ['Bắc Á', '970409'],
    ['Kiên Long', '970452'],
    ['Cake by VPBank', '546034'],
    ['CAKE', '546034'],
    ['Timo', '963388'],
    ['Ngân hàng 970418', '970418'],
  ])('%s → %s', (name, bin) => {
    expect(findBank(name)?.bin).toBe(bin);
  });

  it('finds every bank by its own code, short name, full name and aliases (no two banks share one)', () => {
    for (const bank of VIETNAM_BANKS) {
      for (const name of [bank.code, bank.shortName, bank.name, ...(bank.aliases ?? [])]) {
        expect(findBank(name), name).toBe(bank);
      }
    }
  });

  it('finds nothing for an unknown or empty name', () => {
    expect(findBank('Ngân hàng Mặt Trăng')).toBeUndefined();
    expect(findBank('')).toBeUndefined();
    expect(findBank('   ')).toBeUndefined();
    expect(findBank(undefined)).toBeUndefined();
  });
});

describe('the NAPAS VietQR bank list', () => {
  it('holds every bank and e-wallet of the list, each BIN once, with its source and date', () => {
    expect(VIETNAM_BANKS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(VIETNAM_BANKS.map((bank) => bank.bin)).size).toBe(VIETNAM_BANKS.length);
    for (const bank of VIETNAM_BANKS) expect(bank.bin, bank.shortName).toMatch(/^\d{6}$/);
    expect(VIETNAM_BANKS_SOURCE.url).toBe('https://api.vietqr.io/v2/banks');
    expect(VIETNAM_BANKS_SOURCE.transcribed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['Co-opBank', '970446'],
    ['Coopbank', '970446'],
    ['Ngân hàng Hợp tác xã Việt Nam', '970446'],
    ['Woori Bank', '970457'],
    ['Woori', '970457'],
    ['Ngân hàng TNHH MTV Woori Việt Nam', '970457'],
    ['UOB', '970458'],
    ['HSBC', '458761'],
    ['Standard Chartered', '970410'],
    ['Shinhan Bank', '970424'],
    ['Oceanbank', '970414'],
    ['Kookmin Hà Nội', '970462'],
    ['Kookmin TP.HCM', '970463'],
    ['Viettel Money', '971005'],
    ['970446', '970446'],
    ['Public Bank', '970439'],
  ])('accepts %s (BIN %s)', (name, bin) => {
    expect(findBank(name)?.bin).toBe(bin);
  });

  it('keeps the names saved before the list grew on the same BIN', () => {
    const saved: Record<string, string> = {
      Vietcombank: '970436',
      MBBank: '970422',
      'Bac A Bank': '970409',
      'Nam A Bank': '970428',
      Kienlongbank: '970452',
      'BaoViet Bank': '970438',
      BVBank: '970454',
      'DongA Bank': '970406',
      'Shinhan Bank': '970424',
      Cake: '546034',
      Ubank: '546035',
      Timo: '963388',
      LPBank: '970449',
      PGBank: '970430',
      SaigonBank: '970400',
    };
    for (const [name, bin] of Object.entries(saved)) expect(findBank(name)?.bin, name).toBe(bin);
  });

  it('searchBanks finds a bank by short name, full name and BIN', () => {
    expect(searchBanks('coop')[0]?.bin).toBe('970446');
    expect(searchBanks('woori')[0]?.bin).toBe('970457');
    expect(searchBanks('hợp tác xã').map((bank) => bank.bin)).toContain('970446');
    expect(searchBanks('hop tac xa').map((bank) => bank.bin)).toContain('970446');
    expect(searchBanks('9704')[0]?.bin.startsWith('9704')).toBe(true);
    expect(searchBanks('970457').map((bank) => bank.bin)).toEqual(['970457']);
    expect(searchBanks('ngoại thương')[0]?.bin).toBe('970436');
    expect(searchBanks('').length).toBe(VIETNAM_BANKS.length);
    expect(searchBanks('mặt trăng')).toEqual([]);
  });
});

describe('bankTransferQR: the code of a bill for the landlord’s account', () => {
  it('is the payload for the bank found by name', () => {
    expect(
      bankTransferQR({
        bankName: 'Vietinbank',
        bankAccountNumber: '0011001932418',
        amount: 120_000,
        note: 'ủng hộ lũ lụt',
      }),
    ).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
  });

  it('is absent with nothing owed, an unknown bank or an unusable account', () => {
    const lessor = { bankName: 'VCB', bankAccountNumber: '0071000123456' };
    expect(bankTransferQR({ ...lessor, amount: 0 })).toBeUndefined();
    expect(bankTransferQR({ ...lessor, bankName: 'Ngân hàng Mặt Trăng', amount: 1_000 })).toBeUndefined();
    expect(bankTransferQR({ ...lessor, bankAccountNumber: undefined, amount: 1_000 })).toBeUndefined();
    expect(bankTransferQR({ ...lessor, bankAccountNumber: 'số tài khoản', amount: 1_000 })).toBeUndefined();
    expect(bankTransferQR({ ...lessor, amount: 1_000 })).toMatch(/^000201010212/);
  });
});
