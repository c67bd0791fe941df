// The liquidation at a contract's end: the damages editor of the termination page (line by line, starting
// from a given list) and the liquidation document as the landlord and the tenant see it.
import { vietQrPayload, type Liquidation, type SettlementDamage } from '@nhatro/common';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DamagesEditor,
  damageRowsOf,
  damagesOf,
  type DamageRow,
} from '../../web/src/features/contracts/DamagesEditor';
import { LiquidationDocument } from '../../web/src/features/contracts/LiquidationDocument';
import { renderPage, signIn } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const NBSP = '\u00a0';

/** The editor as the page holds it, with what it would send shown for the test to read. */
function Harness({ initial, showProblems = false }: { initial: SettlementDamage[]; showProblems?: boolean }) {
  const [rows, setRows] = useState<DamageRow[]>(() => damageRowsOf(initial));
  return (
    <>
      <DamagesEditor rows={rows} onChange={setRows} showProblems={showProblems} />
      <output data-testid="sent">{JSON.stringify(damagesOf(rows))}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '[]') as SettlementDamage[];

describe('the damages editor', () => {
  it('starts from the given lines (e.g. suggested by the handover), and lines are added and removed', () => {
    render(
      <Harness
        initial={[
          { description: 'Vỡ kính cửa sổ', amount: 350_000 },
          { description: 'Mất chìa khóa', amount: 50_000 },
        ]}
      />,
    );
    expect(screen.getAllByTestId('damage-row')).toHaveLength(2);
    expect((screen.getByTestId('damage-description-0') as HTMLInputElement).value).toBe('Vỡ kính cửa sổ');
    expect(screen.getByTestId('damages-total').textContent).toBe(`Tổng bồi thường: 400.000${NBSP}₫`);

    fireEvent.click(screen.getByRole('button', { name: 'Thêm khoản bồi thường' }));
    fireEvent.change(screen.getByTestId('damage-description-2'), { target: { value: 'Sơn lại tường' } });
    fireEvent.change(screen.getByTestId('damage-amount-2'), { target: { value: '1.200.000' } });
    expect(sent()).toEqual([
      { description: 'Vỡ kính cửa sổ', amount: 350_000 },
      { description: 'Mất chìa khóa', amount: 50_000 },
      { description: 'Sơn lại tường', amount: 1_200_000 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Xóa khoản bồi thường 1' }));
    expect(sent().map((line) => line.description)).toEqual(['Mất chìa khóa', 'Sơn lại tường']);
  });

  it('names what is wrong in a line with the server’s words, and such a line is not sent', () => {
    render(<Harness initial={[]} showProblems />);
    expect(screen.getByTestId('damages-none').textContent).toBe('Không có khoản bồi thường nào.');
    fireEvent.click(screen.getByRole('button', { name: 'Thêm khoản bồi thường' }));
    fireEvent.change(screen.getByTestId('damage-amount-0'), { target: { value: '0' } });
    expect(screen.getByText('Hãy ghi nội dung bồi thường.')).toBeTruthy();
    expect(screen.getByText('Số tiền bồi thường phải lớn hơn 0.')).toBeTruthy();
    expect(sent()).toEqual([]);
  });
});

const ACCOUNT = '0071000123456';
const QR = vietQrPayload({
  bankBin: '970436',
  accountNumber: ACCOUNT,
  amount: 1_450_000,
  note: 'NTABCDEFGH',
});

function liquidation(overrides: Partial<Liquidation> = {}): Liquidation {
  return {
    contractID: 'contract-1',
    houseID: 'house-1',
    roomID: 'room-1',
    houseName: 'Nhà trọ Bình An',
    houseAddress: '12 Nguyễn Trãi',
    roomName: 'P101',
    tenantName: 'Phạm Thu Hà',
    terminatedOn: '2026-11-20',
    lines: [
      {
        kind: 'rent',
        label: 'Tiền thuê đến ngày 20/11/2026',
        detail: '20/30 ngày của tháng 11/2026',
        amount: 2_000_000,
      },
      {
        kind: 'electricity',
        label: 'Tiền điện lần cuối',
        detail: 'Chỉ số 1000 → 1012 (12 kWh)',
        amount: 42_000,
      },
      { kind: 'damage', label: 'Bồi thường: Vỡ kính cửa sổ', amount: 408_000 },
      { kind: 'deposit', label: 'Trừ tiền cọc', amount: -1_000_000 },
    ],
    outcome: 'tenantOwes',
    amount: 1_450_000,
    owedCharge: {
      oneTimeChargeID: 'charge-1',
      billCode: 'NTABCDEFGH',
      amount: 1_450_000,
      paidAmount: 0,
      owed: 1_450_000,
      dueDate: '2026-11-27',
      transferQR: QR,
    },
    ...overrides,
  };
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

function show(reply: Liquidation, viewer: 'landlord' | 'tenant') {
  api.on('GET', '/odata/Contract/Liquidation', { status: 200, body: reply });
  renderPage(
    <LiquidationDocument contractID="contract-1" viewer={viewer} />,
    '/contracts/contract-1',
    '/contracts/:id',
  );
}

describe('the liquidation document', () => {
  it('the tenant who owes sees the lines in order, what is owed, the pay button and the VietQR', async () => {
    signIn('lessee');
    show(liquidation(), 'tenant');
    const document = await screen.findByTestId('liquidation');
    const lines = within(document)
      .getAllByTestId('liquidation-line-label')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'Tiền thuê đến ngày 20/11/2026',
      'Tiền điện lần cuối',
      'Bồi thường: Vỡ kính cửa sổ',
      'Trừ tiền cọc',
    ]);
    const amounts = within(document)
      .getAllByTestId('liquidation-line-amount')
      .map((line) => line.textContent);
    expect(amounts.at(-1)).toBe(`− 1.000.000${NBSP}₫`);
    expect(screen.getByTestId('liquidation-outcome').textContent).toBe(
      `Người thuê còn phải trả1.450.000${NBSP}₫`,
    );
    expect(screen.getByTestId('liquidation-code').textContent).toBe('NTABCDEFGH');
    expect(screen.getByRole('button', { name: 'Thanh toán' })).toBeTruthy();
    expect(screen.getByTestId('liquidation-qr')).toBeTruthy();
    expect(screen.getByTestId('liquidation-pdf').textContent).toBe('Tải biên bản (PDF)');
  });

  it('the landlord sees what is owed without a pay button or QR', async () => {
    signIn('landlord');
    show(liquidation(), 'landlord');
    await screen.findByTestId('liquidation-owed');
    expect(screen.queryByRole('button', { name: 'Thanh toán' })).toBeNull();
    expect(screen.queryByTestId('liquidation-qr')).toBeNull();
  });

  it('once paid, no QR and no pay button: the amount is shown paid', async () => {
    signIn('lessee');
    show(
      liquidation({
        owedCharge: {
          oneTimeChargeID: 'charge-1',
          billCode: 'NTABCDEFGH',
          amount: 1_450_000,
          paidAmount: 1_450_000,
          owed: 0,
        },
      }),
      'tenant',
    );
    expect((await screen.findByTestId('liquidation-owed-paid')).textContent).toBe(
      `Người thuê đã trả đủ 1.450.000${NBSP}₫.`,
    );
    expect(screen.queryByRole('button', { name: 'Thanh toán' })).toBeNull();
  });

  it('when the landlord refunds, the tenant sees whether the refund was recorded', async () => {
    signIn('lessee');
    const refund = liquidation({
      outcome: 'landlordRefunds',
      amount: 2_500_000,
      lines: [
        { kind: 'rent', label: 'Tiền thuê đến ngày 20/11/2026', amount: 2_000_000 },
        { kind: 'deposit', label: 'Trừ tiền cọc', amount: -4_500_000 },
      ],
      refunded: {
        refundedOn: '2026-11-21',
        method: 'transfer',
        recordedBy: 'user-landlord',
        recordedOn: '2026-11-21T03:00:00.000Z',
      },
    });
    delete refund.owedCharge;
    show(refund, 'tenant');
    expect((await screen.findByTestId('liquidation-refunded')).textContent).toBe(
      `Chủ nhà đã hoàn lại 2.500.000${NBSP}₫ ngày 21/11/2026 (Chuyển khoản).`,
    );
    expect(screen.getByTestId('liquidation-outcome').textContent).toBe(
      `Chủ nhà hoàn lại cho người thuê2.500.000${NBSP}₫`,
    );
    expect(screen.queryByTestId('liquidation-owed')).toBeNull();
  });
});
