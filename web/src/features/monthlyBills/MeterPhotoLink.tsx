import Button from '@mui/material/Button';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import type { BillLine } from '@nhatro/common';
import { useState } from 'react';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { notify } from '../../lib/toast';
import { meterPhotoUrl, useBillReadings } from './monthlyBillsApi';

/**
 * 'Ảnh đồng hồ' under an electricity or water line: the photo the reader (staff, or the tenant whose
 * reading was accepted) took with the month's reading, opened in a new tab with a short-lived link.
 */
export function MeterPhotoLink({ line, roomID, month }: { line: BillLine; roomID: string; month: string }) {
  const { data } = useBillReadings(roomID, month);
  const [busy, setBusy] = useState(false);
  const blobName = data?.value.find((record) => record.kind === line.kind)?.imageBlobName;
  if (blobName === undefined) return null;
  const open = async () => {
    setBusy(true);
    try {
      window.open(await meterPhotoUrl(blobName), '_blank', 'noopener');
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Không mở được ảnh đồng hồ.', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<PhotoCameraOutlined />}
      loading={busy}
      onClick={() => void open()}
      data-testid={`bill-meter-photo-${line.kind}`}
      sx={{ px: 0 }}
    >
      Ảnh đồng hồ
    </Button>
  );
}
