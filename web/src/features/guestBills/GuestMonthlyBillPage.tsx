import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CallOutlined from '@mui/icons-material/CallOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { BILL_MESSAGES, BILL_STATUS, type BillLine, type GuestMonthlyBillView } from '@nhatro/common';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { ErrorState } from '../../components/DataStates';
import { ItemList } from '../../components/ItemList';
import { TransferQrCode } from '../../components/TransferQrCode';
import { isApiError } from '../../lib/api';
import { billStatusColor, billStatusLabel } from '../../lib/api/resources/monthlyBills';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useGuestMonthlyBill } from './guestBillsApi';

function LineRow({ line }: { line: BillLine }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.description}</Typography>
        {line.kind !== 'debt' && line.unitPrice !== 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatNumber(line.quantity)}
            {line.unit ? ` ${line.unit}` : ''} × {formatMoney(line.unitPrice)}
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
                Bậc {index + 1}: {formatNumber(tier.kWh)} kWh × {formatMoney(tier.price)}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(line.amount)}</Typography>
    </Box>
  );
}

function Amount({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography sx={{ fontWeight: strong ? 600 : 400, color: strong ? 'text.primary' : 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        sx={{
          fontWeight: strong ? 700 : 600,
          fontSize: strong ? '1.375rem' : undefined,
          color: strong ? (value > 0 ? 'error.main' : 'success.main') : undefined,
        }}
        data-testid={testId}
      >
        {formatMoney(value)}
      </Typography>
    </Box>
  );
}

function BillContent({ view }: { view: GuestMonthlyBillView }) {
  const isPaid = view.status === BILL_STATUS.paid;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="guest-bill">
      <Box>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="guest-bill-name">
          {view.billName}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          <Chip
            size="small"
            color={billStatusColor(view.status)}
            label={billStatusLabel(view.status)}
            data-testid="guest-bill-status"
          />
          <Typography sx={{ color: 'text.secondary' }}>Hạn thanh toán {formatDate(view.dueDate)}</Typography>
        </Box>
      </Box>

      <PublicSection id="guest-bill-amounts" title="Số tiền">
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Amount label="Tổng cộng" value={view.total} testId="guest-bill-total" />
          <Amount label="Đã thanh toán" value={view.paidAmount} testId="guest-bill-paid" />
          <Divider sx={{ my: 0.5 }} />
          <Amount label="Còn phải trả" value={view.owed} testId="guest-bill-owed" strong />
        </Box>
      </PublicSection>

      <PublicSection id="guest-bill-transfer" title="Chuyển khoản">
        {view.owed <= 0 ? (
          <Alert severity="success" data-testid="guest-bill-settled">
            {isPaid ? 'Hóa đơn đã được thanh toán đủ. Cảm ơn bạn!' : 'Hóa đơn không còn khoản nào phải trả.'}
          </Alert>
        ) : view.transferQR ? (
          <TransferQrCode
            payload={view.transferQR}
            accountName={view.lessor.fullName}
            testId="guest-bill-qr"
            size={220}
          />
        ) : (
          <Alert severity="info" data-testid="guest-bill-qr-missing">
            Chủ trọ chưa khai báo tài khoản ngân hàng nên chưa có mã QR. Hãy liên hệ chủ trọ; khi chuyển
            khoản, ghi nội dung <strong>{view.billCode}</strong>.
          </Alert>
        )}
      </PublicSection>

      <PublicSection id="guest-bill-lines" title="Các khoản thu">
        <ItemList
          items={view.billDetails}
          label="Các khoản thu"
          testId="guest-bill-line-list"
          render={(line) => <LineRow line={line} />}
        />
      </PublicSection>
      <PublicSection id="guest-bill-place" title="Nhà trọ và phòng">
        <Typography sx={{ fontWeight: 600 }} data-testid="guest-bill-house">
          {view.houseName} · Phòng {view.roomName}
        </Typography>
        {view.houseAddress && (
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 0.5, color: 'text.secondary' }}>
            <PlaceOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
            <Typography sx={{ overflowWrap: 'anywhere' }}>{view.houseAddress}</Typography>
          </Box>
        )}
        {view.lessor.phoneNumber && (
          <Button
            href={`tel:${view.lessor.phoneNumber.replace(/\s+/g, '')}`}
            startIcon={<CallOutlined />}
            sx={{ ml: -1, mt: 0.5, minHeight: 44 }}
          >
            Gọi chủ trọ {view.lessor.fullName ? `(${view.lessor.fullName})` : ''}: {view.lessor.phoneNumber}
          </Button>
        )}
      </PublicSection>
    </Box>
  );
}

function LoadingView() {
  return (
    <Box aria-busy="true" aria-label="Đang tải hóa đơn" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h1">
        <Skeleton width="70%" />
      </Typography>
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}

/**
 * /guestMonthlyBill/{monthlyBillId}?t=…: the public page a shared bill link opens (sent over Zalo):
 * the bill, its lines, what is owed and the QR code to pay it, without an account.
 */
export function GuestMonthlyBillPage() {
  const { monthlyBillId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t');
  const { data: view, error, mutate } = useGuestMonthlyBill(monthlyBillId, token || null);

  let content: ReactNode;
  if (!token) {
    content = <InvalidLink />;
  } else if (error !== undefined && view === undefined) {
    content =
      isApiError(error) && [400, 401, 403, 404, 410].includes(error.status) ? (
        <InvalidLink />
      ) : (
        <ErrorState
          message="Không tải được hóa đơn. Vui lòng kiểm tra kết nối mạng và thử lại."
          onRetry={() => void mutate()}
        />
      );
  } else if (view === undefined) {
    content = <LoadingView />;
  } else {
    content = <BillContent view={view} />;
  }

  return (
    <PublicPageFrame>
      <title>{view === undefined ? 'Hóa đơn — Nhà trọ' : `${view.billName} — Nhà trọ`}</title>
      {content}
    </PublicPageFrame>
  );
}

function InvalidLink() {
  return (
    <Alert severity="error" data-testid="guest-bill-invalid" sx={{ fontSize: '1rem' }}>
      {BILL_MESSAGES.guestLinkInvalid}
    </Alert>
  );
}
