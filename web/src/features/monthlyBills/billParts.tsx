import Alert from '@mui/material/Alert';

import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import Chip from '@mui/material/Chip';

import Typography from '@mui/material/Typography';

import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';

import { type BillLine, type PaymentEntry } from '@nhatro/common';
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DetailPageStates } from '../../components/DetailPageStates';
import { ItemList } from '../../components/ItemList';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { TransferQrCode } from '../../components/TransferQrCode';
import { billStatusColor, billStatusLabel } from '../../lib/api/resources/monthlyBills';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';

/** What the room's bill and charge pages say when the room is not there (or another landlord's). */
export const ROOM_MISSING = {
  title: 'Không tìm thấy phòng',
  description: 'Phòng này không tồn tại hoặc đã bị xóa.',
  listPath: paths.rooms,
  listLabel: 'Về danh sách phòng',
};

export function BackLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      size="small"
      startIcon={<ArrowBackOutlined />}
      sx={{ mb: 1, ml: -0.5 }}
      className="no-print"
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

export function BillStatusChip({ status, testId }: { status: number; testId?: string }) {
  return (
    <Chip size="small" color={billStatusColor(status)} label={billStatusLabel(status)} data-testid={testId} />
  );
}

/** Total, paid and still owed, the owed amount large (what the reader came for). */
export function AmountSummary({
  total,
  paid,
  owed,
  testIdPrefix,
}: {
  total: number;
  paid: number;
  owed: number;
  testIdPrefix: string;
}) {
  const rows = [
    { key: 'total', label: 'Tổng cộng', value: total },
    { key: 'paid', label: 'Đã thanh toán', value: paid },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography sx={{ color: 'text.secondary' }}>{row.label}</Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid={`${testIdPrefix}-${row.key}`}>
            {formatMoney(row.value)}
          </Typography>
        </Box>
      ))}
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 2,
          pt: 1,
          mt: 0.5,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>Còn phải trả</Typography>
        <Typography
          sx={{ fontWeight: 700, fontSize: '1.375rem', color: owed > 0 ? 'error.main' : 'success.main' }}
          data-testid={`${testIdPrefix}-owed`}
        >
          {formatMoney(owed)}
        </Typography>
      </Box>
    </Box>
  );
}

function lineQuantity(line: BillLine): string {
  const unit = line.unit ? ` ${line.unit}` : '';
  return `${formatNumber(line.quantity)}${unit} × ${formatMoney(line.unitPrice)}`;
}

/** The lines of a bill: what, how many × unit price, amount; the working and the tiers under it. */
export function BillLines({
  lines,
  testId,
  extra,
}: {
  lines: readonly BillLine[];
  testId: string;
  /** What a page adds under a line (the meter photo of an electricity or water line). */
  extra?: (line: BillLine) => ReactNode;
}) {
  if (lines.length === 0)
    return <EmptyLine testId={`${testId}-empty`}>Hóa đơn không có khoản thu nào.</EmptyLine>;
  return (
    <ItemList
      items={lines}
      label="Các khoản thu"
      testId={testId}
      render={(line) => (
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, minWidth: 0 }}
          data-kind={line.kind}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.description}</Typography>
            {line.kind !== 'debt' && line.unitPrice !== 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {lineQuantity(line)}
              </Typography>
            )}
            {line.note && (
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {line.note}
              </Typography>
            )}
            {line.tiers && line.tiers.length > 0 && (
              <Box component="ul" aria-label="Bậc giá điện" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {line.tiers.map((tier, index) => (
                  <Typography component="li" variant="body2" key={index} sx={{ color: 'text.secondary' }}>
                    Bậc {index + 1}: {formatNumber(tier.kWh)} kWh × {formatMoney(tier.price)} ={' '}
                    {formatMoney(tier.amount)}
                  </Typography>
                ))}
              </Box>
            )}
            {extra?.(line)}
          </Box>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(line.amount)}</Typography>
        </Box>
      )}
    />
  );
}

const METHOD_LABELS: Record<PaymentEntry['method'], string> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  online: 'Thanh toán trực tuyến',
  deposit: 'Trừ vào tiền cọc',
};

export function PaymentHistory({ payments, testId }: { payments: readonly PaymentEntry[]; testId: string }) {
  if (payments.length === 0)
    return <EmptyLine testId={`${testId}-empty`}>Chưa có lần thanh toán nào.</EmptyLine>;
  return (
    <ItemList
      items={payments}
      label="Lịch sử thanh toán"
      testId={testId}
      render={(payment) => (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{METHOD_LABELS[payment.method]}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatDateTime(payment.paidOn)}
            </Typography>
            {payment.note && (
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {payment.note}
              </Typography>
            )}
          </Box>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'success.main' }}>
            {formatMoney(payment.amount)}
          </Typography>
        </Box>
      )}
    />
  );
}

/** Label–value pairs: one column on phones, two from 600 px. */
export function Facts({ items }: { items: ReadonlyArray<{ key: string; label: string; value: ReactNode }> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {items.map(({ key, label, value }) => (
        <Box key={key} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, mt: 0.25, fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid={`fact-${key}`}
          >
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Where the bill's QR code would be: the code, or why there is none. */
export function TransferSection({
  transferQR,
  owed,
  code,
  testId,
}: {
  transferQR: string | undefined;
  owed: number;
  code: string;
  testId: string;
}) {
  let content;
  if (owed <= 0)
    content = <Alert severity="success">Đã thanh toán đủ, không còn gì phải chuyển khoản.</Alert>;
  else if (transferQR) content = <TransferQrCode payload={transferQR} testId={testId} />;
  else
    content = (
      <Alert severity="info" data-testid={`${testId}-missing`}>
        Chủ trọ chưa khai báo tài khoản ngân hàng nên chưa có mã QR. Khi chuyển khoản, hãy ghi nội dung{' '}
        <strong>{code}</strong>.
      </Alert>
    );
  return (
    <SectionCard id={`${testId}-section`} title="Chuyển khoản" testId={`${testId}-section`}>
      {content}
    </SectionCard>
  );
}

/** The side column of a bill or a charge: the transfer QR code for what is owed, then the payments. */
export function PaymentColumn({
  item,
  owed,
  prefix,
}: {
  item: { transferQR?: string | undefined; billCode: string; payments: readonly PaymentEntry[] };
  owed: number;
  /** Test ids and anchors: `bill` or `charge`. */
  prefix: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <TransferReceived payments={item.payments} testId={`${prefix}-transfer-received`} />
      <TransferSection
        transferQR={item.transferQR}
        owed={owed}
        code={item.billCode}
        testId={`${prefix}-qr`}
      />
      <Box className="no-print">
        <SectionCard
          id={`${prefix}-payments`}
          title="Lịch sử thanh toán"
          testId={`${prefix}-payments-section`}
        >
          <PaymentHistory payments={item.payments} testId={`${prefix}-payments`} />
        </SectionCard>
      </Box>
    </Box>
  );
}

/**
 * A bill's or a charge's page before it is shown: loading, not found (with the way back the reader
 * knows: the tenant's own room, else the rooms), or the error with a retry.
 */
export function BillingItemStates({
  error,
  isLoading,
  onRetry,
  title,
  missingDescription,
}: {
  error: unknown;
  isLoading: boolean;
  onRetry: () => void;
  /** 'Hóa đơn', 'Khoản phí'. */
  title: string;
  missingDescription: string;
}) {
  const session = useSignedInSession();
  const isTenant = session.role.roleID === ROLE_IDS.lessee;
  return (
    <DetailPageStates
      error={error}
      isLoading={isLoading}
      hasData={false}
      onRetry={onRetry}
      title={title}
      backLink={null}
      loadingLabel={`Đang tải ${title.toLowerCase()}`}
      missing={{
        title: `Không tìm thấy ${title.toLowerCase()}`,
        description: missingDescription,
        listPath: isTenant ? paths.lesseeRoom : paths.rooms,
        listLabel: isTenant ? 'Về phòng của tôi' : 'Về danh sách phòng',
      }}
    />
  );
}

/**
 * 'Đã nhận chuyển khoản': the newest bank transfer credited to a bill or charge (SePay, Casso or the
 * landlord assigning it), shown as soon as the page's refresh reads it.
 */
export function TransferReceived({
  payments,
  testId,
}: {
  payments: readonly PaymentEntry[];
  testId: string;
}) {
  const transfers = payments.filter((payment) => payment.method === 'transfer');
  const latest = transfers.at(-1);
  if (latest === undefined) return null;
  return (
    <Alert severity="success" sx={{ mb: 2 }} data-testid={testId}>
      Đã nhận chuyển khoản {formatMoney(latest.amount)} lúc {formatDateTime(latest.paidOn)}.
    </Alert>
  );
}
