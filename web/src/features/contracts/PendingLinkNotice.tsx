import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { TENANCY_LINK_MESSAGES } from '@nhatro/common';
import { useState } from 'react';
import { serverMessage } from '../../components/mutationFeedback';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { resendTenancyLink } from './contractsApi';

/**
 * A contract waiting for its representative to confirm the code sent to their number. The landlord (or
 * staff) may send a new code; they never learn anything about an account the number may have.
 */
export function PendingLinkNotice({ contractID, mayResend }: { contractID: string; mayResend: boolean }) {
  const [isSending, setIsSending] = useState(false);
  const [sentUntil, setSentUntil] = useState<string | null>(null);
  const resend = async () => {
    setIsSending(true);
    try {
      const sent = await resendTenancyLink(contractID);
      setSentUntil(sent.expiresOn);
      notify.success(TENANCY_LINK_MESSAGES.resent);
    } catch (error) {
      notify.error(`${TENANCY_LINK_MESSAGES.resendFailed} ${serverMessage(error)}`);
    } finally {
      setIsSending(false);
    }
  };
  return (
    <Alert
      severity="info"
      data-testid="contract-link-pending"
      action={
        mayResend ? (
          <Button
            color="inherit"
            size="small"
            loading={isSending}
            onClick={() => void resend()}
            data-testid="contract-link-resend"
          >
            Gửi lại mã
          </Button>
        ) : undefined
      }
    >
      {TENANCY_LINK_MESSAGES.pendingOnContract}
      {sentUntil !== null && ` Mã mới dùng được đến ${formatDateTime(sentUntil)}.`}
    </Alert>
  );
}
