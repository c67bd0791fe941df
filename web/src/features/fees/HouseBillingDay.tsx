import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BILL_MESSAGES } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import {
  billingDayError,
  setBillingDay,
  useBillingDay,
  type BillingDayReply,
} from '../../lib/api/resources/billing';
import { notify } from '../../lib/toast';

function DayForm({ houseID, reply }: { houseID: string; reply: BillingDayReply }) {
  const [value, setValue] = useState(String(reply.houseBillingDay ?? reply.defaultBillingDay));
  const [touched, setTouched] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const error = billingDayError(value);
  const shown = touched ? error : null;
  const usesDefault = reply.houseBillingDay === undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (error !== null || isSaving) return;
    setIsSaving(true);
    try {
      const day = await setBillingDay({ billingDay: Number(value.trim()), houseID });
      notify.success(BILL_MESSAGES.billingDaySet(day));
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Ngày chốt hóa đơn của nhà trọ"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <TextField
        id="house-billing-day"
        label="Ngày chốt hóa đơn (1–28)"
        size="small"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => setTouched(true)}
        error={shown !== null}
        helperText={
          shown ??
          (usesDefault
            ? `Đang dùng ngày mặc định của hệ thống (ngày ${reply.defaultBillingDay}).`
            : `Ngày mặc định của hệ thống: ${reply.defaultBillingDay}.`)
        }
        sx={{ width: { xs: '100%', sm: 320 } }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'house-billing-day-input' } }}
      />
      <Button
        type="submit"
        variant="outlined"
        loading={isSaving}
        sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}
        data-testid="house-billing-day-submit"
      >
        Lưu ngày chốt
      </Button>
    </Box>
  );
}

/** The house's own billing day (the day its monthly draft is made); the platform default otherwise. */
export function HouseBillingDay({ houseID }: { houseID: string }) {
  const { data, error, mutate } = useBillingDay(houseID);

  let content;
  if (error !== undefined && data === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    content = <Skeleton variant="rounded" height={40} aria-label="Đang tải ngày chốt hóa đơn" />;
  } else {
    content = <DayForm key={houseID} houseID={houseID} reply={data} />;
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: 2, mb: 3 }}
      aria-labelledby="house-billing-day-title"
    >
      <Typography variant="h2" id="house-billing-day-title" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        Ngày chốt hóa đơn
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Vào ngày này hằng tháng, hệ thống lập bảng kê nháp từ chỉ số điện nước và hợp đồng của các phòng.
      </Typography>
      {content}
    </Paper>
  );
}
