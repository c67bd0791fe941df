import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import {
  BILL_ROUNDING_LABELS,
  BILL_ROUNDING_STEPS,
  DEFAULT_BILL_ROUNDING,
  type BillRounding,
} from '@nhatro/common';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { notify } from '../../lib/toast';
import { setHouseRounding, useHouseRounding } from './feesApi';

function isStep(value: number): value is BillRounding {
  return (BILL_ROUNDING_STEPS as readonly number[]).includes(value);
}

/**
 * How the house rounds a bill's total ('Làm tròn' line, nearest, half up): saved as soon as it is chosen,
 * used by the next drafts (bills already issued keep theirs).
 */
export function HouseBillRounding({ houseID }: { houseID: string }) {
  const { data, error, mutate } = useHouseRounding(houseID);
  const [isSaving, setIsSaving] = useState(false);
  if (error !== undefined && data === undefined) return <ErrorState onRetry={() => void mutate()} />;
  if (data === undefined) {
    return <Skeleton variant="rounded" height={40} aria-label="Đang tải cách làm tròn" />;
  }
  const current =
    data.billRounding !== undefined && isStep(data.billRounding) ? data.billRounding : undefined;

  const choose = async (value: number) => {
    if (!isStep(value) || isSaving) return;
    setIsSaving(true);
    try {
      await setHouseRounding(houseID, value);
      notify.success(`Đã lưu: ${BILL_ROUNDING_LABELS[value].toLowerCase()}.`);
      await mutate();
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <TextField
      select
      id="house-bill-rounding"
      label="Làm tròn tổng hóa đơn"
      size="small"
      value={current ?? DEFAULT_BILL_ROUNDING}
      onChange={(event) => void choose(Number(event.target.value))}
      disabled={isSaving}
      helperText="Phần chênh lệch hiện thành dòng 'Làm tròn' (làm tròn gần nhất, từ nửa trở lên làm tròn lên). Áp dụng cho các bảng kê lập sau."
      sx={{ width: { xs: '100%', sm: 420 }, mt: 2 }}
      slotProps={{ htmlInput: { 'data-testid': 'house-bill-rounding' } }}
    >
      {BILL_ROUNDING_STEPS.map((step) => (
        <MenuItem key={step} value={step}>
          {BILL_ROUNDING_LABELS[step]}
        </MenuItem>
      ))}
    </TextField>
  );
}
