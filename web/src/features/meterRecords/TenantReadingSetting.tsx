import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DEFAULT_TENANT_READING_DEADLINE_DAY } from '@nhatro/common';
import { useState } from 'react';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { useHouseWithRooms } from '../../lib/api/resources/houses';
import { notify } from '../../lib/toast';
import { setTenantReading } from './meterRecordsApi';

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** The landlord lets the house's tenants read their own meters, until a day of the month (saved at once). */
export function TenantReadingSetting({ houseID }: { houseID: string }) {
  const { data, mutate } = useHouseWithRooms(houseID);
  const [busy, setBusy] = useState(false);
  if (data === undefined) return null;
  const enabled = data.tenantMeterReading === true;
  const deadline = data.tenantReadingDeadlineDay ?? DEFAULT_TENANT_READING_DEADLINE_DAY;
  const save = async (change: { tenantMeterReading?: boolean; tenantReadingDeadlineDay?: number }) => {
    setBusy(true);
    try {
      await setTenantReading(houseID, change);
      notify.success('Đã lưu cách ghi chỉ số của nhà trọ.');
      await mutate();
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            disabled={busy}
            onChange={(event) => void save({ tenantMeterReading: event.target.checked })}
            slotProps={{ input: { 'aria-label': 'Khách tự ghi chỉ số' } }}
            data-testid="tenant-reading-enabled"
          />
        }
        label="Khách tự ghi chỉ số"
      />
      {enabled && (
        <TextField
          select
          size="small"
          id="tenant-reading-deadline"
          label="Hạn khách gửi (ngày trong tháng)"
          value={deadline}
          disabled={busy}
          onChange={(event) => void save({ tenantReadingDeadlineDay: Number(event.target.value) })}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'tenant-reading-deadline' } }}
        >
          {DAYS.map((day) => (
            <MenuItem key={day} value={day}>
              {day === 31 ? 'Cả tháng' : `Ngày ${day}`}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
