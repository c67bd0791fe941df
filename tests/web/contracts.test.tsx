// The contract wizard's rules (web/src/features/contracts/createContract): what each step refuses and
// where its message shows, that 'Tiếp tục' stays on a step with errors, what a deposit fills in, and
// what the page does with the server's refusals. The page and its hooks are real; the server is fake.
// The whole journey (a deposit turned into a contract against the real API, the tenant's one-time
// password) is the browser test tests/e2e/contracts.test.ts.
import {
  CONTRACT_MESSAGES,
  type ContractCreateInput,
  type Fee,
  type Reservation,
  type Room,
} from '@nhatro/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CreateContractPage } from '../../web/src/features/contracts/CreateContractPage';
import { HOUSE, currentPath, renderPage, signIn, toasts } from './support/app';
import { typeDate } from './support/dates';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const TENANT = { name: 'Phạm Thị Nhung', phone: '0901234567' };
const PLATE_FORMAT = 'Biển số xe không đúng định dạng (ví dụ 59-X3 123.45 hoặc 51F-123.45).';

/** yyyy-mm-dd of today in Vietnam (the app's calendar). */
function vietnamToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

function dmy(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

const TODAY = vietnamToday();
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
  {
    roomID: 'room-102',
    roomName: 'P102',
    status: 'empty',
    price: 2_000_000,
    floor: 1,
    currentElectricityIndex: 300,
    currentWaterIndex: 12,
  },
  {
    roomID: 'room-103',
    roomName: 'P103',
    status: 'occupied',
    price: 2_200_000,
    floor: 1,
    currentElectricityIndex: 0,
    currentWaterIndex: 0,
  },
] as Room[];
const RESERVATION: Reservation = {
  reservationID: 'reservation-1',
  houseID: HOUSE.houseID,
  roomID: 'room-101',
  fullName: TENANT.name,
  phoneNumber: TENANT.phone,
  deposit: 3_000_000,
  expectedMoveInDate: TODAY,
  status: 'active',
  createdOn: '2026-11-01T03:00:00Z',
};
const FEES = [
  { serviceID: 'fee-power', serviceName: 'Điện', price: 3500, unit: 'kWh' },
  { serviceID: 'fee-water', serviceName: 'Nước', price: 20_000, unit: 'm3' },
  { serviceID: 'fee-net', serviceName: 'Internet', price: 100_000, unit: 'room' },
  { serviceID: 'fee-bike', serviceName: 'Gửi xe máy', price: 150_000, unit: 'vehicle' },
].map((fee) => ({ ...fee, houseID: HOUSE.houseID })) as Fee[];

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/odata/Room', collection(ROOMS));
  api.on('GET', '/api/Reservation/Get', { body: { status: true, data: [RESERVATION] } });
  api.on('GET', '/odata/Service', collection(FEES));
  signIn('landlord');
});

async function openWizard(path = '/createContract'): Promise<void> {
  renderPage(<CreateContractPage />, path, '/createContract');
  await screen.findByText('Bước 1/5: Phòng & thời hạn');
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false, selector: 'input, select' }) as HTMLInputElement;
}

function set(element: HTMLElement, value: string): void {
  fireEvent.change(element, { target: { value } });
}

/** Types a value and leaves the field, as a person does. */
function fill(element: HTMLElement, value: string): void {
  set(element, value);
  fireEvent.blur(element);
}

/** Types a date as dd/mm/yyyy into a date field and leaves it. */
async function fillDate(label: string, isoDate: string): Promise<void> {
  await typeDate(new RegExp(`^${label}`), dmy(isoDate).replaceAll('/', ''));
  const active = document.activeElement;
  if (active instanceof HTMLElement) fireEvent.blur(active);
}

/** The text under a field (a field without one keeps a zero-width space, so the form does not jump). */
function helperText(id: string): string {
  return (document.getElementById(`${id}-helper-text`)?.textContent ?? '').replace(/\u200b/g, '');
}

function next(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
}

async function expectStep(title: string): Promise<void> {
  await screen.findByText(title);
}

/** Step 1 with the reserved room, then a valid representative: the wizard on step 3. */
async function throughRepresentative(): Promise<void> {
  await openWizard('/createContract?roomID=room-101');
  next();
  await expectStep('Bước 2/5: Người đại diện');
  fireEvent.click(screen.getByRole('radio', { name: 'Nữ' }));
  fill(field('Số CCCD'), '079301001234');
  await fillDate('Ngày sinh', '2001-03-08');
  fill(field('Quê quán'), 'Cần Thơ');
  next();
  await expectStep('Bước 3/5: Người ở cùng');
}

describe('step 1: room and term', () => {
  it('fills in the reserved room’s deposit, tenant and move-in date; quick terms set the end', async () => {
    await openWizard('/createContract?roomID=room-101');
    expect((screen.getByTestId('contract-roomID') as HTMLInputElement).value).toBe('room-101');
    expect(screen.getByTestId('contract-reservation').textContent).toContain(TENANT.name);
    expect(field('Tiền thuê / tháng').value).toBe('2500000');
    expect(helperText('contract-rentFee')).toBe('2.500.000\u00a0₫');
    expect(field('Tiền cọc').value).toBe('3000000');
    expect((screen.getByTestId('contract-deposited') as HTMLElement).querySelector('input')?.checked).toBe(
      true,
    );
    // Date fields show dd/mm/yyyy (their hidden input holds the text as shown).
    await waitFor(() => expect(field('Ngày bắt đầu').value).toBe(dmy(TODAY)));
    fireEvent.click(screen.getByRole('button', { name: '6 tháng' }));
    await waitFor(() => expect(field('Ngày kết thúc').value).toBe(dmy(addDays(addMonths(TODAY, 6), -1))));
    fireEvent.click(screen.getByRole('button', { name: '1 năm' }));
    const yearEnd = addDays(addMonths(TODAY, 12), -1);
    await waitFor(() => expect(field('Ngày kết thúc').value).toBe(dmy(yearEnd)));
  });

  it('asks the meters on the move-in day, prefilled with the room’s last reading and never lower', async () => {
    await openWizard('/createContract?roomID=room-101');
    const electricity = screen.getByTestId('contract-electricityIndex') as HTMLInputElement;
    expect(electricity.value).toBe('1120');
    expect((screen.getByTestId('contract-waterIndex') as HTMLInputElement).value).toBe('45');
    expect(helperText('contract-electricityIndex')).toBe('Chỉ số ghi gần nhất: 1.120');
    set(electricity, '1.119');
    fireEvent.blur(electricity);
    await waitFor(() =>
      expect(helperText('contract-electricityIndex')).toBe(
        'Chỉ số điện khi nhận phòng không được nhỏ hơn chỉ số ghi gần nhất của phòng (1120).',
      ),
    );
    set(electricity, '1.135');
    await waitFor(() => expect(helperText('contract-electricityIndex')).toBe('Chỉ số ghi gần nhất: 1.120'));
  });

  it('offers empty and reserved rooms only; an empty room’s deposit is a month of rent, not received', async () => {
    await openWizard();
    const options = [
      ...(screen.getByTestId('contract-roomID') as HTMLInputElement as unknown as HTMLSelectElement).options,
    ].map((option) => option.value);
    expect(options).toEqual(['', 'room-101', 'room-102']);
    set(screen.getByTestId('contract-roomID') as HTMLInputElement, 'room-102');
    expect(field('Tiền thuê / tháng').value).toBe('2000000');
    expect(field('Tiền cọc').value).toBe('2000000');
    expect((screen.getByTestId('contract-deposited') as HTMLElement).querySelector('input')?.checked).toBe(
      false,
    );
  });

  it('refuses an end before the start, and stays on the step', async () => {
    await openWizard('/createContract?roomID=room-101');
    await fillDate('Ngày kết thúc', addDays(TODAY, -1));
    expect(helperText('contract-endDate')).toBe('Ngày kết thúc phải sau ngày bắt đầu.');
    next();
    await expectStep('Bước 1/5: Phòng & thời hạn');
    // The focus is in the refused field.
    await waitFor(() =>
      expect(
        document.activeElement?.closest('.MuiFormControl-root')?.querySelector('label')?.textContent,
      ).toMatch(/^Ngày kết thúc/),
    );
  });

  it('asks for a room before going on', async () => {
    await openWizard();
    next();
    await waitFor(() => expect(helperText('contract-roomID')).not.toBe(''));
    expect(screen.getByText('Bước 1/5: Phòng & thời hạn')).toBeTruthy();
  });
});

describe('step 2: the representative', () => {
  it('shows the schema’s messages under the fields, and the gender once the step is sent', async () => {
    await openWizard('/createContract?roomID=room-101');
    next();
    await expectStep('Bước 2/5: Người đại diện');
    expect(field('Họ và tên').value).toBe(TENANT.name);
    expect(field('Số điện thoại').value).toBe(TENANT.phone);
    // The focus passing through an empty required field marks nothing.
    fireEvent.focus(field('Số CCCD'));
    fireEvent.blur(field('Số CCCD'));
    expect(field('Số CCCD').getAttribute('aria-invalid')).toBe('false');
    fill(field('Số CCCD'), '1234');
    expect(helperText('representative-citizenID')).toBe(
      'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
    );
    expect(screen.queryByText('Hãy chọn giới tính.')).toBeNull();
    next();
    await expectStep('Bước 2/5: Người đại diện');
    expect(screen.getByText('Hãy chọn giới tính.')).toBeTruthy();
    fill(field('Email'), 'khong-phai-email');
    expect(helperText('representative-email')).toBe('Email không hợp lệ.');
    await fillDate('Ngày sinh', addDays(TODAY, 1));
    expect(helperText('representative-dateOfBirth')).toBe('Ngày sinh không được ở tương lai.');
    fill(field('Họ và tên'), '  ');
    expect(helperText('representative-occupantName')).toBe('Họ tên không được để trống!');
  });
});

describe('steps 3 and 4: occupants, vehicles and services', () => {
  it('asks for each occupant’s name; removing one takes nothing else with it', async () => {
    await throughRepresentative();
    expect(screen.getByTestId('occupants-empty')).toBeTruthy();
    for (let index = 0; index < 3; index += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Thêm người ở cùng' }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Xóa người ở cùng 3' }));
    expect(screen.queryByRole('region', { name: 'Người ở cùng 3' })).toBeNull();
    next();
    const first = screen.getByRole('region', { name: 'Người ở cùng 1' });
    await within(first).findByText('Họ tên không được để trống!');
    expect(screen.getByText('Bước 3/5: Người ở cùng')).toBeTruthy();
  });

  it('asks for a plate in the Vietnamese format, and ticks the house’s fees but the per-vehicle ones', async () => {
    await throughRepresentative();
    next();
    await expectStep('Bước 4/5: Xe & dịch vụ');
    const services = screen.getByRole('list', { name: 'Dịch vụ của nhà trọ' });
    for (const name of ['Điện', 'Nước', 'Internet']) {
      expect(
        (within(services).getByRole('checkbox', { name: new RegExp(`^${name} —`) }) as HTMLInputElement)
          .checked,
      ).toBe(true);
    }
    expect(within(services).getByText(/Phí theo xe: thêm xe ở trên/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    const vehicle = screen.getByRole('region', { name: 'Xe 1' });
    expect((within(vehicle).getByLabelText('Loại xe') as HTMLSelectElement).value).toBe('Xe máy');
    next();
    await within(vehicle).findByText('Biển số xe không được để trống!');
    fill(within(vehicle).getByLabelText('Biển số', { exact: false }), 'ABC');
    expect(helperText('vehicle-0-licensePlate')).toBe(PLATE_FORMAT);
    fill(within(vehicle).getByLabelText('Biển số', { exact: false }), '59-X3 123.45');
    expect(helperText('vehicle-0-licensePlate')).toBe('');
    // The motorbike's parking fee is ticked from the moment it is added.
    const parking = () =>
      within(services).getByRole('checkbox', { name: 'Xe máy 59-X3 123.45' }) as HTMLInputElement;
    expect(parking().checked).toBe(true);
    set(within(vehicle).getByLabelText('Loại xe'), 'Xe đạp');
    fill(within(vehicle).getByLabelText('Biển số', { exact: false }), '');
    expect(helperText('vehicle-0-licensePlate')).toBe('Xe đạp không cần biển số.');
    // 'Gửi xe máy' is not a bicycle's fee: its tick goes with the type.
    expect((within(services).getByRole('checkbox', { name: /^Xe đạp/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('the vehicle added in the wizard pays its parking fee: the summary and the contract sent include it', async () => {
    api.on('POST', '/odata/Contract', ({ body }) => ({
      status: 201,
      body: {
        ...(body as object),
        contractID: 'contract-9',
        representativeAccount: { username: TENANT.phone, oneTimePassword: 'Ab12Cd34' },
      },
    }));
    await throughRepresentative();
    next();
    await expectStep('Bước 4/5: Xe & dịch vụ');
    fireEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    const vehicle = screen.getByRole('region', { name: 'Xe 1' });
    fill(within(vehicle).getByLabelText('Biển số', { exact: false }), '59-X3 123.45');
    next();
    await expectStep('Bước 5/5: Xác nhận');
    expect(screen.getByTestId('summary-vehicles').textContent).toContain('Gửi xe máy');
    fireEvent.click(screen.getByRole('button', { name: 'Tạo hợp đồng' }));
    await screen.findByRole('dialog', { name: 'Tài khoản của người thuê' });
    const sent = api.sent('POST', '/odata/Contract')[0]?.body as ContractCreateInput;
    expect(sent.services).toContainEqual({ serviceID: 'fee-bike', vehicleIndex: 0 });
  });
});

describe('step 5: creating the contract', () => {
  async function toSummary(): Promise<void> {
    await throughRepresentative();
    next();
    await expectStep('Bước 4/5: Xe & dịch vụ');
    next();
    await expectStep('Bước 5/5: Xác nhận');
  }

  it('sums everything up, and a failure keeps what was typed with the reason in a toast', async () => {
    await toSummary();
    const summary = screen.getByTestId('contract-summary');
    const yearEnd = addDays(addMonths(TODAY, 12), -1);
    expect(within(summary).getByTestId('summary-term').textContent).toContain(
      `${dmy(TODAY)} – ${dmy(yearEnd)}`,
    );
    expect(within(summary).getByTestId('summary-term').textContent).toContain('3.000.000\u00a0₫ (đã nhận)');
    expect(within(summary).getByTestId('summary-representative').textContent).toContain(TENANT.name);

    api.offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tạo hợp đồng' }));
    const failure = `${CONTRACT_MESSAGES.createFailed} Không kết nối được máy chủ. Vui lòng kiểm tra kết nối mạng.`;
    await waitFor(() => expect(toasts('error')).toContain(failure));
    expect(screen.getByTestId('contract-create-error').textContent).toBe(failure);
    expect(within(summary).getByTestId('summary-representative').textContent).toContain(TENANT.name);
    expect((screen.getByRole('button', { name: 'Tạo hợp đồng' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the contract, then says where the tenant’s code went (no password ever shown)', async () => {
    api.on('POST', '/odata/Contract', ({ body }) => ({
      status: 201,
      body: {
        ...(body as object),
        contractID: 'contract-9',
        representativeAccount: {
          username: TENANT.phone,
          linkPending: true,
          sentTo: '•••••••567',
          expiresOn: '2026-11-26T03:00:00.000Z',
        },
      },
    }));
    await toSummary();
    fireEvent.click(screen.getByRole('button', { name: 'Tạo hợp đồng' }));
    const account = await screen.findByRole('dialog', { name: 'Tài khoản của người thuê' });
    expect(within(account).getByTestId('tenant-account-link-pending').textContent).toContain(
      'Đã gửi mã xác nhận tới •••••••567',
    );
    expect(within(account).queryByText(/mật khẩu một lần/i)).toBeNull();
    const sent = api.sent('POST', '/odata/Contract')[0]?.body as ContractCreateInput;
    expect(sent).toMatchObject({
      roomID: 'room-101',
      reservationID: 'reservation-1',
      startDate: TODAY,
      endDate: addDays(addMonths(TODAY, 12), -1),
      rentFee: 2_500_000,
      deposit: 3_000_000,
      representative: { occupantName: TENANT.name, phoneNumber: TENANT.phone, citizenID: '079301001234' },
      // The meters on the day, as prefilled with the room's last reading.
      electricityIndex: 1120,
      waterIndex: 45,
    });
    // The house's fees ticked by default, none per vehicle (there is no vehicle).
    expect(JSON.stringify(sent)).toContain('fee-net');
    expect(JSON.stringify(sent)).not.toContain('fee-bike');
    await waitFor(() => expect(toasts('success')).toContain('Tạo hợp đồng thành công!'));
    fireEvent.click(within(account).getByRole('button', { name: 'Xem hợp đồng' }));
    await waitFor(() => expect(currentPath()).toBe('/contracts/contract-9'));
  });
});
