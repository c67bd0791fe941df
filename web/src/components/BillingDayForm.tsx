import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { BILL_MESSAGES } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { isSessionExpiry, serverMessage } from './mutationFeedback';
import { billingDayError, setBillingDay } from '../lib/api/resources/houseTickets';
import { notify } from '../lib/toast';

/**
 * The billing day field (1–28) and its save button: the platform default on /timeBill, or one house's
 * own day on the fee page (`houseID`). Toasts the spec's 'Set up thời gian: {value} thành công'.
 */
export function BillingDayForm({
  initial,
  houseID,
  helperText,
  testIdPrefix,
  label,
  onSaved,
}: {
  initial: number;
  houseID?: string;
  helperText: string;
  /** `billing-day` → `billing-day-input`, `billing-day-submit`. */
  testIdPrefix: string;
  /** The form's accessible name. */
  label: string;
  onSaved?: () => void;
}) {
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
      const day = await setBillingDay({ billingDay: Number(value.trim()), ...(houseID ? { houseID } : {}) });
      notify.success(BILL_MESSAGES.billingDaySet(day));
      onSaved?.();
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
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <TextField
        id={testIdPrefix}
        label="Ngày chốt hóa đơn (1–28)"
        size="small"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => setTouched(true)}
        error={shown !== null}
        helperText={shown ?? helperText}
        sx={{ width: { xs: '100%', sm: 320 } }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testIdPrefix}-input` } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}
        data-testid={`${testIdPrefix}-submit`}
      >
        Lưu ngày chốt
      </Button>
    </Box>
  );
}
