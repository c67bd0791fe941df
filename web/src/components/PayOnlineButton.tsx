import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PaymentOutlined from '@mui/icons-material/PaymentOutlined';
import { useState } from 'react';
import { requestPaymentUrl } from '../lib/api/resources/payments';
import { notify } from '../lib/toast';
import { notifyFailure } from './mutationFeedback';

/**
 * 'Thanh toán': asks for a payment URL for what is still owed and goes to the gateway's page. The server
 * may refuse with a reason (already paid, online payment off): that reason is shown and nothing opens.
 */
export function PayOnlineButton({
  target,
  id,
  fullWidth = false,
}: {
  target: 'monthlyBill' | 'oneTimeCharge';
  id: string;
  fullWidth?: boolean;
}) {
  const [busy, setBusy] = useState(false);

  async function pay() {
    setBusy(true);
    try {
      const reply = await requestPaymentUrl(target, id);
      if (reply.errorMessage || !reply.paymentURL) {
        notify.error(reply.errorMessage || 'Không tạo được liên kết thanh toán.');
        setBusy(false);
        return;
      }
      window.location.assign(reply.paymentURL);
    } catch (error) {
      notifyFailure('Không tạo được liên kết thanh toán.', error);
      setBusy(false);
    }
  }

  return (
    <Button
      variant="contained"
      size="large"
      fullWidth={fullWidth}
      onClick={() => void pay()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <PaymentOutlined />}
      data-testid={`pay-online-${id}`}
      sx={{ minHeight: 48 }}
    >
      {busy ? 'Đang mở cổng thanh toán…' : 'Thanh toán'}
    </Button>
  );
}
