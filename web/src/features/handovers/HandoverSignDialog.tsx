import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { HANDOVER_MESSAGES, type HandoverView } from '@nhatro/common';
import { useRef, useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { notifyFailure } from '../../components/mutationFeedback';
import { SignatureField, type SignatureFieldHandle } from '../../components/SignatureField';
import { notify } from '../../lib/toast';
import { signHandover } from './handoversApi';

/** 'Ký biên bản': the landlord (or staff) draws their signature on the screen. */
export function HandoverSignDialog({
  open,
  onClose,
  record,
  onSigned,
}: {
  open: boolean;
  onClose: () => void;
  record: HandoverView;
  onSigned: (record: HandoverView) => void;
}) {
  const signatureRef = useRef<SignatureFieldHandle>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const [busy, setBusy] = useState(false);
  const sign = async () => {
    const signature = signatureRef.current?.toPngDataUrl() ?? null;
    if (signature === null) return;
    setBusy(true);
    try {
      const signed = await signHandover(record.handoverID, signature);
      notify.success(HANDOVER_MESSAGES.signed);
      onSigned(signed);
    } catch (error) {
      notifyFailure('Ký biên bản thất bại!', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Ký biên bản bàn giao"
      titleId="handover-sign-title"
      testId="handover-sign-dialog"
    >
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography sx={{ color: 'text.secondary' }}>
          Kiểm tra lại biên bản (có thể tải PDF), rồi ký tên vào khung dưới đây.
        </Typography>
        <SignatureField ref={signatureRef} disabled={busy} onDrawnChange={setIsDrawn} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Hủy
        </Button>
        <Button
          variant="contained"
          loading={busy}
          disabled={!isDrawn}
          onClick={() => void sign()}
          data-testid="handover-sign-submit"
        >
          Ký biên bản
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
