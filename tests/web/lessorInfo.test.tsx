// The landlord's bank picker (web/src/features/lessorInfo/LessorInfoPage.tsx): every bank of the NAPAS
// VietQR list, found by short name, full name or BIN, and a bank saved before stays chosen. The page and
// its hooks are real; the server is fake.
import { VIETNAM_BANKS, type LessorAccount } from '@nhatro/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LessorUpdateInfoWithoutIdentityPage } from '../../web/src/features/lessorInfo/LessorInfoPage';
import { renderPage, signIn } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const ACCOUNT: LessorAccount & { '@odata.etag': string } = {
  '@odata.etag': '"etag-1"',
  status: 2,
  fullName: 'Trần Văn Hùng',
  phoneNumber: '0912345678',
  address: '12 Võ Văn Ngân, Thủ Đức',
  citizenID: '079201001234',
  bankName: 'Bac A Bank',
  bankAccountNumber: '123456789',
  missingFields: [],
  imageURLs: [],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/odata/LessorInfor', { body: ACCOUNT });
  api.on('PATCH', '/odata/LessorInfor', (request) => ({
    body: { ...ACCOUNT, ...(request.body as object), status: 1 },
  }));
  signIn('landlord');
});

async function openPage(): Promise<void> {
  renderPage(<LessorUpdateInfoWithoutIdentityPage />, '/lessorUpdateInfoWithoutIdentity');
  await screen.findByTestId('lessor-bankName');
}

function bankOptions(): string[] {
  const select = screen.getByTestId('lessor-bankName') as HTMLSelectElement;
  return [...select.options].map((option) => option.value).filter((value) => value !== '');
}

function search(text: string): void {
  fireEvent.change(screen.getByTestId('lessor-bankSearch'), { target: { value: text } });
}

describe('the bank picker', () => {
  it('offers every bank of the list, the saved one chosen', async () => {
    await openPage();
    expect(bankOptions()).toHaveLength(VIETNAM_BANKS.length);
    expect((screen.getByTestId('lessor-bankName') as HTMLSelectElement).value).toBe('Bac A Bank');
  });

  it.each([
    ['coop', 'Co-opBank'],
    ['Woori', 'Woori Bank'],
    ['hợp tác xã', 'Co-opBank'],
    ['Hop tac xa', 'Co-opBank'],
    ['970457', 'Woori Bank'],
    ['Ngoại thương', 'Vietcombank'],
  ])('finds “%s” → %s (the chosen bank stays listed)', async (text, shortName) => {
    await openPage();
    search(text);
    const options = bankOptions();
    expect(options).toContain(shortName);
    expect(options).toContain('Bac A Bank');
    expect(options.length).toBeLessThan(VIETNAM_BANKS.length);
  });

  it('saves a bank the app did not know before (Co-opBank) by its short name', async () => {
    await openPage();
    search('970446');
    expect(bankOptions()).toEqual(['Bac A Bank', 'Co-opBank']);
    fireEvent.change(screen.getByTestId('lessor-bankName'), { target: { value: 'Co-opBank' } });
    fireEvent.click(screen.getByTestId('lessor-info-submit'));
    await waitFor(() => expect(api.sent('PATCH', '/odata/LessorInfor')).toHaveLength(1));
    expect(api.sent('PATCH', '/odata/LessorInfor')[0]?.body).toMatchObject({ bankName: 'Co-opBank' });
  });

  it('says when nothing matches', async () => {
    await openPage();
    search('Ngân hàng Mặt Trăng');
    expect(bankOptions()).toEqual(['Bac A Bank']);
    expect(screen.getByText('Không có ngân hàng nào khớp')).toBeTruthy();
  });
});
