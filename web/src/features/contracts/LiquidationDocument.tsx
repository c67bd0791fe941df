import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  LIQUIDATION_OUTCOME_LABELS,
  REFUND_METHOD_LABELS,
  type Liquidation,
  type LiquidationLine,
} from '@nhatro/common';
import { useState } from 'react';
import { notifyFailure } from '../../components/mutationFeedback';
import { PayOnlineButton } from '../../components/PayOnlineButton';
import { TransferQrCode } from '../../components/TransferQrCode';
import { formatMoney } from '../../lib/format';
import { formatDay } from './contractRules';
import { fetchLiquidationPdf, useLiquidation } from './contractsApi';

/** A line's amount: "− 1.000.000 ₫" when it is in the tenant's favour. */
function signed(amount: number): string {
  return amount < 0 ? `− ${formatMoney(-amount)}` : formatMoney(amount);
}

function LineRow({ line, index }: { line: LiquidationLine; index: number }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}
      data-testid={`liquidation-line-${index}`}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="liquidation-line-label">
          {line.label}
        </Typography>
        {line.detail !== undefined && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {line.detail}
          </Typography>
        )}
      </Box>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid="liquidation-line-amount"
      >
        {signed(line.amount)}
      </Typography>
    </Box>
  );
}

async function downloadPdf(contractID: string): Promise<void> {
  const blob = await fetchLiquidationPdf(contractID);
  const url = URL.createObjectURL(blob);
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'bien-ban-thanh-ly-hop-dong.pdf';
  anchor.click();
}

function PdfButton({ contractID }: { contractID: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPdf(contractID);
    } catch (error) {
      notifyFailure('Tải biên bản thanh lý thất bại!', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlined />}
      onClick={() => void download()}
      disabled={busy}
      data-testid="liquidation-pdf"
    >
      Tải biên bản (PDF)
    </Button>
  );
}

/** What the tenant still owes on the liquidation: paid, or how to pay it (the tenant) / still open (the landlord). */
function OwedPart({ liquidation, viewer }: { liquidation: Liquidation; viewer: 'landlord' | 'tenant' }) {
  const charge = liquidation.owedCharge;
  if (charge === undefined) return null;
  if (charge.owed <= 0) {
    return (
      <Alert severity="success" data-testid="liquidation-owed-paid">
        Người thuê đã trả đủ {formatMoney(charge.amount)}.
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="liquidation-owed">
      <Typography variant="body2">
        Còn phải trả <strong>{formatMoney(charge.owed)}</strong>
        {charge.dueDate !== undefined ? ` · hạn ${formatDay(charge.dueDate)}` : ''} · mã thanh toán{' '}
        <strong data-testid="liquidation-code">{charge.billCode}</strong>
      </Typography>
      {viewer === 'tenant' && (
        <>
          <PayOnlineButton target="oneTimeCharge" id={charge.oneTimeChargeID} fullWidth />
          {charge.transferQR !== undefined && (
            <TransferQrCode payload={charge.transferQR} testId="liquidation-qr" />
          )}
        </>
      )}
      {viewer === 'landlord' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Người thuê trả bằng VNPay, chuyển khoản với mã trên, hoặc tiền mặt (ghi nhận ở khoản thu của phòng).
        </Typography>
      )}
    </Box>
  );
}

/** For the tenant: the refund the landlord owes, recorded or still to come (the landlord records it). */
function RefundPart({ liquidation }: { liquidation: Liquidation }) {
  if (liquidation.outcome !== 'landlordRefunds') return null;
  const { refunded } = liquidation;
  return refunded !== undefined ? (
    <Alert severity="success" data-testid="liquidation-refunded">
      Chủ nhà đã hoàn lại {formatMoney(liquidation.amount)} ngày {formatDay(refunded.refundedOn)} (
      {REFUND_METHOD_LABELS[refunded.method]}).
    </Alert>
  ) : (
    <Alert severity="info" data-testid="liquidation-refund-pending">
      Chủ nhà chưa ghi nhận đã hoàn lại {formatMoney(liquidation.amount)}.
    </Alert>
  );
}

/** The liquidation as read: its lines, the result, and how it is paid or given back. */
export function LiquidationView({
  liquidation,
  viewer,
}: {
  liquidation: Liquidation;
  viewer: 'landlord' | 'tenant';
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="liquidation">
      <Box component="ul" aria-label="Các khoản thanh lý" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {liquidation.lines.map((line, index) => (
          <LineRow key={`${line.kind}-${index}`} line={line} index={index} />
        ))}
      </Box>
      <Divider />
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
        data-testid="liquidation-outcome"
      >
        <Typography sx={{ fontWeight: 600 }}>{LIQUIDATION_OUTCOME_LABELS[liquidation.outcome]}</Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="liquidation-amount">
          {formatMoney(liquidation.amount)}
        </Typography>
      </Box>
      <OwedPart liquidation={liquidation} viewer={viewer} />
      {viewer === 'tenant' && <RefundPart liquidation={liquidation} />}
      <Box>
        <PdfButton contractID={liquidation.contractID} />
      </Box>
    </Box>
  );
}

/** Loads and shows the liquidation of an ended contract. */
export function LiquidationDocument({
  contractID,
  viewer,
}: {
  contractID: string;
  viewer: 'landlord' | 'tenant';
}) {
  const { data, error } = useLiquidation(contractID);
  if (error !== undefined) {
    return (
      <Alert severity="error" data-testid="liquidation-error">
        Không tải được biên bản thanh lý: {error.message}
      </Alert>
    );
  }
  if (data === undefined) return <Skeleton variant="rounded" height={160} />;
  return <LiquidationView liquidation={data} viewer={viewer} />;
}
