import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { BILL_MESSAGES } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { billingDayError, setBillingDay } from '../../lib/api/resources/billing';
import { notify } from '../../lib/toast';

/** The billing day field and its save button (the platform default on /timeBill). */
export function BillingDayForm({ initial }: { initial: number }) {
  const [value, setValue] = useState(String(initial));
  const [touched, setTouched] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const error = billingDayError(value);
  const shown = touched ? error : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (error !== null || isSaving) return;
    setIsSaving(true);
    try {
      const day = await setBillingDay({ billingDay: Number(value.trim()) });
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
      aria-label="Ngày chốt hóa đơn"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <TextField
        id="billing-day"
        label="Ngày chốt hóa đơn (1–28)"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => setTouched(true)}
        error={shown !== null}
        helperText={shown ?? 'Ngày trong tháng hệ thống lập bảng kê nháp.'}
        sx={{ width: { xs: '100%', sm: 280 } }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'billing-day-input' } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        sx={{ minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
        data-testid="billing-day-submit"
      >
        Lưu
      </Button>
    </Box>
  );
}
