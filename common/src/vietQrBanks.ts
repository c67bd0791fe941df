/**
 * The banks and e-wallets of the NAPAS 247 VietQR list: the receivers a Vietnamese banking app offers
 * when a customer scans a VietQR code or types a transfer by hand.
 *
 * Source: the public VietQR bank list, https://api.vietqr.io/v2/banks (fields `bin`, `code`,
 * `shortName`, `name`), transcribed by hand on 2026-11-27 on a machine without internet access, so it
 * could not be fetched again that day. Checked the same day, BIN by BIN, against the bank table of the npm
 * package vietnam-qr-pay 1.5.1 (`dist/constants/banks.js`, 61 receivers): every BIN there is here (MoMo
 * was added then); the seven here and not there are Citibank, VBSP, KEB Hana's two branches, Mirae Asset,
 * Viettel Money and VNPT Money. To refresh it: download that list, compare BIN by BIN, keep the
 * short names already saved by landlords (below, `shortName`) and put VietQR's spelling in `aliases`.
 *
 * `shortName` is what the app stores and shows; for the banks it knew before this list it stays the
 * spelling saved until then (e.g. "Bac A Bank" where VietQR writes "BacABank"), so saved bank names keep
 * resolving to the same BIN. `aliases` are former names, VietQR spellings and other names people type.
 */
export interface VietnamBank {
  /** The NAPAS bank identification number (VietQR tag 38 › 01 › 00). */
  bin: string;
  /** The bank's code in the VietQR list (VCB, ICB, …). */
  code: string;
  shortName: string;
  /** The full Vietnamese name. */
  name: string;
  /** Other names people write: former names, VietQR spellings, stock tickers. */
  aliases?: readonly string[];
}

export const VIETNAM_BANKS_SOURCE = {
  url: 'https://api.vietqr.io/v2/banks',
  transcribed: '2026-11-27',
} as const;

export const VIETNAM_BANKS: readonly VietnamBank[] = [
  { bin: '970436', code: 'VCB', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam' },
  {
    bin: '970415',
    code: 'ICB',
    shortName: 'VietinBank',
    name: 'Ngân hàng TMCP Công thương Việt Nam',
    aliases: ['CTG', 'VTB'],
  },
  { bin: '970418', code: 'BIDV', shortName: 'BIDV', name: 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam' },
  {
    bin: '970405',
    code: 'VBA',
    shortName: 'Agribank',
    name: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam',
    aliases: ['AGR', 'AGB'],
  },
  { bin: '970407', code: 'TCB', shortName: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam' },
  {
    bin: '970422',
    code: 'MB',
    shortName: 'MBBank',
    name: 'Ngân hàng TMCP Quân đội',
    aliases: ['MBB', 'Military Bank'],
  },
  { bin: '970416', code: 'ACB', shortName: 'ACB', name: 'Ngân hàng TMCP Á Châu' },
  { bin: '970432', code: 'VPB', shortName: 'VPBank', name: 'Ngân hàng TMCP Việt Nam Thịnh Vượng' },
  { bin: '970423', code: 'TPB', shortName: 'TPBank', name: 'Ngân hàng TMCP Tiên Phong' },
  { bin: '970403', code: 'STB', shortName: 'Sacombank', name: 'Ngân hàng TMCP Sài Gòn Thương Tín' },
  {
    bin: '970437',
    code: 'HDB',
    shortName: 'HDBank',
    name: 'Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh',
  },
  { bin: '970441', code: 'VIB', shortName: 'VIB', name: 'Ngân hàng TMCP Quốc tế Việt Nam' },
  { bin: '970443', code: 'SHB', shortName: 'SHB', name: 'Ngân hàng TMCP Sài Gòn – Hà Nội' },
  { bin: '970431', code: 'EIB', shortName: 'Eximbank', name: 'Ngân hàng TMCP Xuất Nhập khẩu Việt Nam' },
  {
    bin: '970426',
    code: 'MSB',
    shortName: 'MSB',
    name: 'Ngân hàng TMCP Hàng Hải Việt Nam',
    aliases: ['Maritime Bank'],
  },
  { bin: '970448', code: 'OCB', shortName: 'OCB', name: 'Ngân hàng TMCP Phương Đông' },
  { bin: '970440', code: 'SEAB', shortName: 'SeABank', name: 'Ngân hàng TMCP Đông Nam Á' },
  {
    bin: '970449',
    code: 'LPB',
    shortName: 'LPBank',
    name: 'Ngân hàng TMCP Lộc Phát Việt Nam',
    aliases: ['LienVietPostBank', 'Ngân hàng TMCP Bưu điện Liên Việt'],
  },
  { bin: '970428', code: 'NAB', shortName: 'Nam A Bank', name: 'Ngân hàng TMCP Nam Á' },
  { bin: '970409', code: 'BAB', shortName: 'Bac A Bank', name: 'Ngân hàng TMCP Bắc Á' },
  { bin: '970429', code: 'SCB', shortName: 'SCB', name: 'Ngân hàng TMCP Sài Gòn' },
  { bin: '970412', code: 'PVCB', shortName: 'PVcomBank', name: 'Ngân hàng TMCP Đại Chúng Việt Nam' },
  { bin: '970425', code: 'ABB', shortName: 'ABBANK', name: 'Ngân hàng TMCP An Bình' },
  { bin: '970452', code: 'KLB', shortName: 'Kienlongbank', name: 'Ngân hàng TMCP Kiên Long' },
  { bin: '970427', code: 'VAB', shortName: 'VietABank', name: 'Ngân hàng TMCP Việt Á' },
  { bin: '970438', code: 'BVB', shortName: 'BaoViet Bank', name: 'Ngân hàng TMCP Bảo Việt' },
  { bin: '970419', code: 'NCB', shortName: 'NCB', name: 'Ngân hàng TMCP Quốc Dân' },
  {
    bin: '970454',
    code: 'VCCB',
    shortName: 'BVBank',
    name: 'Ngân hàng TMCP Bản Việt',
    aliases: ['Viet Capital Bank', 'VietCapitalBank'],
  },
  { bin: '970400', code: 'SGICB', shortName: 'SaigonBank', name: 'Ngân hàng TMCP Sài Gòn Công Thương' },
  {
    bin: '970430',
    code: 'PGB',
    shortName: 'PGBank',
    name: 'Ngân hàng TMCP Thịnh vượng và Phát triển',
    aliases: ['Ngân hàng TMCP Xăng dầu Petrolimex'],
  },
  { bin: '970433', code: 'VIETBANK', shortName: 'VietBank', name: 'Ngân hàng TMCP Việt Nam Thương Tín' },
  {
    bin: '970406',
    code: 'DOB',
    shortName: 'DongA Bank',
    name: 'Ngân hàng TMCP Đông Á',
    aliases: ['Vikki Bank', 'Vikki Digital Bank'],
  },
  { bin: '970424', code: 'SHBVN', shortName: 'Shinhan Bank', name: 'Ngân hàng TNHH MTV Shinhan Việt Nam' },
  {
    bin: '546034',
    code: 'CAKE',
    shortName: 'Cake',
    name: 'Ngân hàng số CAKE by VPBank',
    aliases: ['CAKE by VPBank'],
  },
  {
    bin: '546035',
    code: 'UBANK',
    shortName: 'Ubank',
    name: 'Ngân hàng số Ubank by VPBank',
    aliases: ['Ubank by VPBank'],
  },
  {
    bin: '963388',
    code: 'TIMO',
    shortName: 'Timo',
    name: 'Ngân hàng số Timo by Bản Việt Bank',
    aliases: ['Timo by Ban Viet Bank', 'Timo by BVBank'],
  },
  // Banks of the VietQR list the app did not know before 2026-11-27.
  {
    bin: '970446',
    code: 'COOPBANK',
    shortName: 'Co-opBank',
    name: 'Ngân hàng Hợp tác xã Việt Nam',
    aliases: ['CoopBank', 'Co-op Bank'],
  },
  { bin: '970457', code: 'WVN', shortName: 'Woori Bank', name: 'Ngân hàng TNHH MTV Woori Việt Nam' },
  { bin: '970458', code: 'UOB', shortName: 'UOB', name: 'Ngân hàng United Overseas Bank Việt Nam' },
  {
    bin: '970410',
    code: 'SCVN',
    shortName: 'Standard Chartered',
    name: 'Ngân hàng TNHH MTV Standard Chartered Bank Việt Nam',
  },
  { bin: '970439', code: 'PBVN', shortName: 'Public Bank', name: 'Ngân hàng TNHH MTV Public Việt Nam' },
  { bin: '458761', code: 'HSBC', shortName: 'HSBC', name: 'Ngân hàng TNHH MTV HSBC (Việt Nam)' },
  {
    bin: '970442',
    code: 'HLBVN',
    shortName: 'Hong Leong Bank',
    name: 'Ngân hàng TNHH MTV Hong Leong Việt Nam',
  },
  { bin: '422589', code: 'CIMB', shortName: 'CIMB', name: 'Ngân hàng TNHH MTV CIMB Việt Nam' },
  { bin: '970434', code: 'IVB', shortName: 'Indovina Bank', name: 'Ngân hàng TNHH Indovina' },
  { bin: '970421', code: 'VRB', shortName: 'VRB', name: 'Ngân hàng Liên doanh Việt – Nga' },
  {
    bin: '970414',
    code: 'OCEANBANK',
    shortName: 'MBV',
    name: 'Ngân hàng TNHH MTV Việt Nam Hiện Đại',
    aliases: ['Oceanbank', 'Ngân hàng Thương mại TNHH MTV Đại Dương'],
  },
  {
    bin: '970408',
    code: 'GPB',
    shortName: 'GPBank',
    name: 'Ngân hàng Thương mại TNHH MTV Dầu Khí Toàn Cầu',
  },
  {
    bin: '970444',
    code: 'CBB',
    shortName: 'CBBank',
    name: 'Ngân hàng Thương mại TNHH MTV Xây dựng Việt Nam',
    aliases: ['VCBNeo', 'Vietcombank Neo'],
  },
  {
    bin: '970455',
    code: 'IBKHN',
    shortName: 'IBK Hà Nội',
    name: 'Ngân hàng Công nghiệp Hàn Quốc – Chi nhánh Hà Nội',
    aliases: ['IBK - HN'],
  },
  {
    bin: '970456',
    code: 'IBKHCM',
    shortName: 'IBK TP.HCM',
    name: 'Ngân hàng Công nghiệp Hàn Quốc – Chi nhánh TP. Hồ Chí Minh',
    aliases: ['IBK - HCM'],
  },
  {
    bin: '970462',
    code: 'KBHN',
    shortName: 'Kookmin Hà Nội',
    name: 'Ngân hàng Kookmin – Chi nhánh Hà Nội',
    aliases: ['KookminHN'],
  },
  {
    bin: '970463',
    code: 'KBHCM',
    shortName: 'Kookmin TP.HCM',
    name: 'Ngân hàng Kookmin – Chi nhánh TP. Hồ Chí Minh',
    aliases: ['KookminHCM'],
  },
  {
    bin: '970466',
    code: 'KEBHANAHCM',
    shortName: 'KEB Hana TP.HCM',
    name: 'Ngân hàng KEB Hana – Chi nhánh TP. Hồ Chí Minh',
    aliases: ['KEBHanaHCM'],
  },
  {
    bin: '970467',
    code: 'KEBHANAHN',
    shortName: 'KEB Hana Hà Nội',
    name: 'Ngân hàng KEB Hana – Chi nhánh Hà Nội',
    aliases: ['KEBHanaHN'],
  },
  {
    bin: '801011',
    code: 'NHBHN',
    shortName: 'Nonghyup',
    name: 'Ngân hàng Nonghyup – Chi nhánh Hà Nội',
    aliases: ['NHB HN'],
  },
  {
    bin: '796500',
    code: 'DBS',
    shortName: 'DBS Bank',
    name: 'DBS Bank Ltd – Chi nhánh TP. Hồ Chí Minh',
  },
  {
    bin: '533948',
    code: 'CITIBANK',
    shortName: 'Citibank',
    name: 'Ngân hàng Citibank, N.A. – Chi nhánh Hà Nội',
  },
  {
    bin: '668888',
    code: 'KBANK',
    shortName: 'KBank',
    name: 'Ngân hàng Đại chúng TNHH Kasikornbank – Chi nhánh TP. Hồ Chí Minh',
    aliases: ['Kasikornbank'],
  },
  { bin: '999888', code: 'VBSP', shortName: 'VBSP', name: 'Ngân hàng Chính sách Xã hội Việt Nam' },
  {
    bin: '963369',
    code: 'LIOBANK',
    shortName: 'Liobank',
    name: 'Ngân hàng số Liobank by OCB',
    aliases: ['Liobank by OCB'],
  },
  {
    bin: '977777',
    code: 'MAFC',
    shortName: 'Mirae Asset',
    name: 'Công ty Tài chính TNHH MTV Mirae Asset (Việt Nam)',
  },
  {
    bin: '971005',
    code: 'VTLMONEY',
    shortName: 'Viettel Money',
    name: 'Tổng Công ty Dịch vụ số Viettel (Viettel Money)',
    aliases: ['ViettelMoney', 'ViettelPay'],
  },
  {
    bin: '971025',
    code: 'MOMO',
    shortName: 'MoMo',
    name: 'Công ty Cổ phần Dịch vụ Di động Trực tuyến (Ví MoMo)',
    aliases: ['Ví MoMo', 'M_Service'],
  },
  {
    bin: '971011',
    code: 'VNPTMONEY',
    shortName: 'VNPT Money',
    name: 'VNPT Money (Trung tâm Dịch vụ Tài chính số VNPT)',
    aliases: ['VNPTMoney'],
  },
];
