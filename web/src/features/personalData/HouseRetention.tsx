import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { notify } from '../../lib/toast';
import { setHouseRetention, useHouseRetention } from './personalDataApi';

/** The choices offered; the API takes any whole number of months from 1 to 60. */
const RETENTION_CHOICES = [3, 6, 12, 24, 36] as const;
const DEFAULT_RETENTION_MONTHS = 12;

/** How long the house keeps identity data of people who left: saved as soon as it is chosen. */
export function HouseRetention({ houseID, onSaved }: { houseID: string; onSaved: () => void }) {
  const { data, error, mutate } = useHouseRetention(houseID);
  const [isSaving, setIsSaving] = useState(false);
  if (error !== undefined && data === undefined) return <ErrorState onRetry={() => void mutate()} />;
  if (data === undefined)
    return <Skeleton variant="rounded" height={40} aria-label="Đang tải thời gian lưu" />;
  const current = data.identityRetentionMonths ?? DEFAULT_RETENTION_MONTHS;
  const choices = RETENTION_CHOICES.includes(current as (typeof RETENTION_CHOICES)[number])
    ? RETENTION_CHOICES
    : [...RETENTION_CHOICES, current].sort((a, b) => a - b);

  const choose = async (months: number) => {
    if (isSaving || months === current) return;
    setIsSaving(true);
    try {
      await setHouseRetention(houseID, months);
      notify.success(`Đã lưu: giữ giấy tờ ${months} tháng sau khi kết thúc thời gian ở.`);
      await mutate();
      onSaved();
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <TextField
      select
      id="house-identity-retention"
      label="Giữ số CCCD và ảnh giấy tờ sau khi chuyển đi"
      size="small"
      value={current}
      onChange={(event) => void choose(Number(event.target.value))}
      disabled={isSaving}
      sx={{ width: { xs: '100%', sm: 420 }, mb: 2 }}
      slotProps={{ htmlInput: { 'data-testid': 'house-identity-retention' } }}
    >
      {choices.map((months) => (
        <MenuItem key={months} value={months}>
          {months} tháng{months === DEFAULT_RETENTION_MONTHS ? ' (mặc định)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
