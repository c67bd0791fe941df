import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import { BILL_STATUS } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { PayOnlineButton } from '../../components/PayOnlineButton';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { TransferQrCode } from '../../components/TransferQrCode';
import {
  billStatusColor,
  billStatusLabel,
  owedAmount,
  useBillList,
  useMonthlyBill,
  useRoomCharges,
  type BillRow,
  type OneTimeChargeReply,
} from '../../lib/api/resources/monthlyBills';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { Line, ListBody, LoadingLines } from '../../components/tenantParts';
import { TransferReceived } from './billParts';

const PAID_PAGE_SIZE = 6;

function StatusChip({ status }: { status: number }) {
  return <Chip size="small" color={billStatusColor(status)} label={billStatusLabel(status)} />;
}

/** One bill or charge in a list: its name (a link), amount and what is left. */
function ItemRow({
  to,
  title,
  detail,
  amount,
  owed,
  status,
}: {
  to: string;
  title: string;
  detail: string;
  amount: number;
  owed: number;
  status: number;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={to} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Link>
        <Line>{detail}</Line>
        <Box sx={{ mt: 0.5 }}>
          <StatusChip status={status} />
        </Box>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatMoney(amount)}</Typography>
        {owed > 0 && owed < amount && (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            Còn {formatMoney(owed)}
          </Typography>
        )}
      </Box>
      <ChevronRightOutlined aria-hidden sx={{ color: 'text.disabled' }} />
    </Box>
  );
}

function billRow(bill: BillRow) {
  return (
    <ItemRow
      to={paths.monthlyBill(bill.monthlyBillID)}
      title={bill.billName}
      detail={`Hạn ${formatDate(bill.dueDate)} · Mã ${bill.billCode}`}
      amount={bill.total}
      owed={owedAmount(bill)}
      status={bill.status}
    />
  );
}

function chargeRow(charge: OneTimeChargeReply) {
  return (
    <ItemRow
      to={paths.oneTimeCharge(charge.oneTimeChargeID)}
      title={charge.description}
      detail={`Hạn ${formatDate(charge.dueDate)} · Mã ${charge.billCode}`}
      amount={charge.amount}
      owed={owedAmount(charge)}
      status={charge.status}
    />
  );
}

/** The newest bill, large: what to pay, by when, the QR code and the code to write in a transfer. */
function CurrentBill({ monthlyBillID }: { monthlyBillID: string }) {
  const { data: bill, error, mutate } = useMonthlyBill(monthlyBillID);
  if (bill === undefined) {
    if (error !== undefined) return <ErrorState onRetry={() => void mutate()} />;
    return (
      <Box aria-busy="true" aria-label="Đang tải hóa đơn" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton width="60%" />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  const owed = owedAmount(bill);
  return (
    <Box data-testid="tenant-current-bill">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="tenant-current-bill-name">
          {bill.billName}
        </Typography>
        <Chip
          size="small"
          color={billStatusColor(bill.status)}
          label={billStatusLabel(bill.status)}
          data-testid="tenant-current-bill-status"
        />
      </Box>
      <Box sx={{ mt: 1.5 }}>
        <TransferReceived payments={bill.payments} testId="tenant-current-bill-transfer-received" />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 1.5 }}>
        <Box>
          <Line>Tổng cộng</Line>
          <Typography sx={{ fontWeight: 700 }} data-testid="tenant-current-bill-total">
            {formatMoney(bill.total)}
          </Typography>
        </Box>
        <Box>
          <Line>Hạn thanh toán</Line>
          <Typography sx={{ fontWeight: 700 }} data-testid="tenant-current-bill-due">
            {formatDate(bill.dueDate)}
          </Typography>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Line>Còn phải trả</Line>
          <Typography
            sx={{ fontWeight: 800, fontSize: '1.75rem', color: owed > 0 ? 'error.main' : 'success.main' }}
            data-testid="tenant-current-bill-owed"
          >
            {formatMoney(owed)}
          </Typography>
        </Box>
      </Box>
      {owed > 0 && bill.status !== BILL_STATUS.carriedOver && (
        <Box sx={{ mt: 2 }}>
          <PayOnlineButton target="monthlyBill" id={bill.monthlyBillID} fullWidth />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, textAlign: 'center' }}>
            Thẻ ATM, thẻ quốc tế hoặc ví qua VNPay — hoặc chuyển khoản bằng mã QR bên dưới.
          </Typography>
        </Box>
      )}
      {owed > 0 && (
        <Box sx={{ mt: 2 }}>
          {bill.transferQR ? (
            <TransferQrCode payload={bill.transferQR} testId="tenant-bill-qr" />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              Chủ trọ chưa khai báo tài khoản ngân hàng nên chưa có mã QR.
            </Typography>
          )}
        </Box>
      )}
      <Button
        component={RouterLink}
        to={paths.monthlyBill(bill.monthlyBillID)}
        variant="outlined"
        fullWidth
        sx={{ mt: 2, minHeight: 48 }}
        data-testid="tenant-current-bill-open"
      >
        Xem chi tiết hóa đơn
      </Button>
    </Box>
  );
}

function PaidBills({ roomID }: { roomID: string }) {
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useBillList({
    roomID,
    month: '',
    status: `${BILL_STATUS.paid}`,
    page,
    pageSize: PAID_PAGE_SIZE,
  });
  const pages = Math.ceil((data?.['@odata.count'] ?? 0) / PAID_PAGE_SIZE);
  return (
    <>
      <ListBody
        items={data?.value}
        error={error}
        onRetry={() => void mutate()}
        empty="Chưa có hóa đơn nào đã thanh toán."
        label="Hóa đơn đã thanh toán"
        testId="tenant-paid-bills"
        itemKey={(bill) => bill.monthlyBillID}
        render={billRow}
      />
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_, next) => setPage(next - 1)}
          size="small"
          sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, number) =>
            type === 'page' ? `Trang ${number}` : type === 'next' ? 'Trang sau' : 'Trang trước'
          }
        />
      )}
    </>
  );
}

/**
 * The tenant's bills on /lesseeRoomDetail, phone first: the newest bill with its QR code, then what is
 * still owed, what was paid, and the one-time charges. Each opens its own page.
 */
export function TenantBillsSection({ roomID }: { roomID: string }) {
  const latest = useBillList({ roomID, month: '', status: 'all', page: 0, pageSize: 1 });
  const owed = useBillList({ roomID, month: '', status: 'owed', page: 0, pageSize: 24 });
  const newest = latest.data?.value[0];

  let current;
  if (latest.error !== undefined && latest.data === undefined)
    current = <ErrorState onRetry={() => void latest.mutate()} />;
  else if (latest.data === undefined) current = <LoadingLines label="Đang tải hóa đơn" />;
  else if (newest === undefined) current = <EmptyLine testId="tenant-bills-empty">Chưa có hóa đơn</EmptyLine>;
  else current = <CurrentBill monthlyBillID={newest.monthlyBillID} />;

  const otherOwed = owed.data?.value.filter((bill) => bill.monthlyBillID !== newest?.monthlyBillID);

  return (
    <>
      <SectionCard id="tenant-bills" title="Hóa đơn mới nhất" testId="tenant-bills-section">
        {current}
      </SectionCard>
      {newest !== undefined && (
        <>
          <SectionCard id="tenant-owed-bills" title="Hóa đơn chưa thanh toán" testId="tenant-owed-section">
            <ListBody
              items={otherOwed}
              error={owed.error}
              onRetry={() => void owed.mutate()}
              empty={
                owedAmount(newest) > 0
                  ? 'Ngoài hóa đơn mới nhất, không còn hóa đơn nào chưa thanh toán.'
                  : 'Không có hóa đơn nào chưa thanh toán.'
              }
              label="Hóa đơn chưa thanh toán"
              testId="tenant-owed-bills"
              itemKey={(bill) => bill.monthlyBillID}
              render={billRow}
            />
          </SectionCard>
          <SectionCard id="tenant-paid-bills" title="Hóa đơn đã thanh toán" testId="tenant-paid-section">
            <PaidBills roomID={roomID} />
          </SectionCard>
        </>
      )}
    </>
  );
}

export function TenantChargesSection({ roomID }: { roomID: string }) {
  const { data, error, mutate } = useRoomCharges(roomID);
  return (
    <SectionCard id="tenant-charges" title="Phí phát sinh" testId="tenant-charges-section">
      <ListBody
        items={data?.value}
        error={error}
        onRetry={() => void mutate()}
        empty="Không có phí phát sinh."
        label="Phí phát sinh"
        testId="tenant-charges"
        itemKey={(charge) => charge.oneTimeChargeID}
        render={chargeRow}
      />
    </SectionCard>
  );
}

/** An unpaid one-time charge: what it is for, what is left, and 'Thanh toán'. */
function OwedCharge({ charge }: { charge: OneTimeChargeReply }) {
  const owed = owedAmount(charge);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid={`tenant-owed-charge-${charge.oneTimeChargeID}`}>
      {chargeRow(charge)}
      <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
        Còn phải trả {formatMoney(owed)}
      </Typography>
      <PayOnlineButton target="oneTimeCharge" id={charge.oneTimeChargeID} fullWidth />
    </Box>
  );
}

/**
 * The tenant's home, first: what is owed now. The newest unpaid bill large with 'Thanh toán' and its
 * VietQR, the other unpaid bills, and the unpaid one-time charges, each payable; or that nothing is owed.
 */
export function TenantOwedSection({ roomID }: { roomID: string }) {
  const owed = useBillList({ roomID, month: '', status: 'owed', page: 0, pageSize: 24 });
  const charges = useRoomCharges(roomID);
  const bills = owed.data?.value ?? [];
  const owedCharges = (charges.data?.value ?? []).filter((charge) => owedAmount(charge) > 0);
  const [newest, ...others] = bills;

  let content;
  if (owed.error !== undefined && owed.data === undefined)
    content = <ErrorState onRetry={() => void owed.mutate()} />;
  else if (owed.data === undefined || charges.data === undefined)
    content = <LoadingLines label="Đang tải hóa đơn" />;
  else if (newest === undefined && owedCharges.length === 0)
    content = (
      <Box data-testid="tenant-nothing-owed">
        <Typography sx={{ fontWeight: 600, color: 'success.main' }}>
          Bạn không còn khoản nào phải trả.
        </Typography>
        <Link component={RouterLink} to={paths.lesseeBills}>
          Xem các hóa đơn đã thanh toán
        </Link>
      </Box>
    );
  else
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {newest !== undefined && <CurrentBill monthlyBillID={newest.monthlyBillID} />}
        {others.length > 0 && (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
              Hóa đơn khác chưa thanh toán
            </Typography>
            <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, listStyle: 'none' }}>
              {others.map((bill) => (
                <li key={bill.monthlyBillID}>{billRow(bill)}</li>
              ))}
            </Box>
          </Box>
        )}
        {owedCharges.length > 0 && (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
              Phí phát sinh chưa thanh toán
            </Typography>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {owedCharges.map((charge) => (
                <OwedCharge key={charge.oneTimeChargeID} charge={charge} />
              ))}
            </Box>
          </Box>
        )}
      </Box>
    );

  return (
    <SectionCard id="tenant-owed" title="Cần thanh toán" testId="tenant-owed-now">
      {content}
    </SectionCard>
  );
}
