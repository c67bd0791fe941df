// 'Quét mã QR CCCD' on every person of the contract wizard (web/src/features/contracts/PersonFields.tsx):
// the representative and each co-occupant get the shared scanner, and what a card's code says fills
// that person's fields. The scanner itself (camera, photo, jsQR) is replaced by one that "reads" a
// real card text through parseCitizenIdQr; its decoding is tested on real QR images in
// tests/unit/citizenIdQrImages.test.ts.
import { CHIP_CCCD_PLACE_OF_ISSUE, parseCitizenIdQr, type Reservation, type Room } from '@nhatro/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateContractPage } from '../../web/src/features/contracts/CreateContractPage';
import { HOUSE, renderPage, signIn } from './support/app';
import { collection, fakeApi } from './support/fakeApi';

const CARDS = [
  '079203004567|272345678|Lê Minh Tuấn|14052003|Nam|12 Lý Thường Kiệt, Phường 7, Quận 10, TP. Hồ Chí Minh|20042021|',
  '001199012345||Phạm Thị Hoà|01022000|Nữ|Số 5 ngõ 3 Đội Cấn, Ba Đình, Hà Nội|15072021|15072046|x',
];
let nextCard = 0;

vi.mock('../../web/src/components/CitizenIdScanner', () => ({
  CitizenIdScannerDialog: ({
    open,
    onScanned,
  }: {
    open: boolean;
    onScanned: (card: NonNullable<ReturnType<typeof parseCitizenIdQr>>) => void;
  }) =>
    open ? (
      <button
        type="button"
        onClick={() => {
          const card = parseCitizenIdQr(CARDS[nextCard]);
          nextCard += 1;
          if (card !== null) onScanned(card);
        }}
      >
        Giả lập quét thẻ
      </button>
    ) : null,
}));

const ROOMS = [
  {
    roomID: 'room-101',
    roomName: 'P101',
    status: 'reserved',
    price: 2_500_000,
    floor: 1,
    currentElectricityIndex: 1120,
    currentWaterIndex: 45,
  },
] as Room[];
const RESERVATION: Reservation = {
  reservationID: 'reservation-1',
  houseID: HOUSE.houseID,
  roomID: 'room-101',
  fullName: 'Lê Minh Tuấn',
  phoneNumber: '0901234567',
  deposit: 3_000_000,
  expectedMoveInDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()),
  status: 'active',
  createdOn: '2026-11-01T03:00:00Z',
};

beforeEach(() => {
  nextCard = 0;
  const api = fakeApi();
  api.on('GET', '/odata/Room', collection(ROOMS));
  api.on('GET', '/api/Reservation/Get', { body: { status: true, data: [RESERVATION] } });
  api.on('GET', '/odata/Service', collection([]));
  signIn('landlord');
});

function value(testId: string): string {
  return (screen.getByTestId(testId) as HTMLInputElement).value;
}

/** A date field's text as shown (dd/mm/yyyy): the picker is loaded when the field first shows. */
async function dateValue(testId: string): Promise<string> {
  return ((await screen.findByTestId(testId)) as HTMLInputElement).value;
}

describe('the contract wizard reads CCCDs', () => {
  // Three steps of the wizard in one journey: more time than the tier's 15 s on a busy machine.
  it(
    'offers the scan on the representative and on each co-occupant, and fills their fields',
    { timeout: 45_000 },
    async () => {
      renderPage(<CreateContractPage />, '/createContract?roomID=room-101', '/createContract');
      await screen.findByText('Bước 1/5: Phòng & thời hạn');
      fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
      await screen.findByText('Bước 2/5: Người đại diện');

      fireEvent.click(screen.getByTestId('representative-scan-qr'));
      fireEvent.click(await screen.findByRole('button', { name: 'Giả lập quét thẻ' }));
      await waitFor(() => expect(value('representative-citizenID')).toBe('079203004567'));
      expect(value('representative-occupantName')).toBe('Lê Minh Tuấn');
      expect(await dateValue('representative-dateOfBirth')).toBe('14/05/2003');
      expect(value('representative-permanentResidence')).toBe(
        '12 Lý Thường Kiệt, Phường 7, Quận 10, TP. Hồ Chí Minh',
      );
      expect(await dateValue('representative-dateOfIssue')).toBe('20/04/2021');
      expect(value('representative-placeOfIssue')).toBe(CHIP_CCCD_PLACE_OF_ISSUE);
      expect(
        (screen.getByTestId('representative-gender-male') as HTMLElement).querySelector('input')?.checked,
      ).toBe(true);
      expect(screen.getByTestId('representative-scan-result').textContent).toContain('Lê Minh Tuấn');

      fireEvent.change(screen.getByTestId('representative-hometown'), { target: { value: 'Cần Thơ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
      await screen.findByText('Bước 3/5: Người ở cùng');
      fireEvent.click(screen.getByRole('button', { name: 'Thêm người ở cùng' }));
      fireEvent.click(await screen.findByTestId('occupant-0-scan-qr'));
      fireEvent.click(await screen.findByRole('button', { name: 'Giả lập quét thẻ' }));
      await waitFor(() => expect(value('occupant-0-citizenID')).toBe('001199012345'));
      expect(value('occupant-0-occupantName')).toBe('Phạm Thị Hoà');
      expect(await dateValue('occupant-0-dateOfBirth')).toBe('01/02/2000');
      expect(
        (screen.getByTestId('occupant-0-gender-female') as HTMLElement).querySelector('input')?.checked,
      ).toBe(true);
    },
  );
});
