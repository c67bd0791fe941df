import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTRACT_MESSAGES,
  REFUND_METHODS,
  REFUND_METHOD_LABELS,
  contractRefundSchema,
  type Contract,
  type RefundMethod,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../components/dates/DateField';
import { reservedHelperText } from '../../components/fieldForm';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { vietnamToday } from '../../lib/api/resources/reservations';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { formatDay } from './contractRules';
import { recordRefund, revalidateContract } from './contractsApi';

/** The refund's date: a real day, not before the end, not after today (the server's messages). */
function dateProblem(date: string, terminatedOn: string | undefined): string | undefined {
  const parsed = contractRefundSchema.shape.refundedOn.safeParse(date);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (terminatedOn !== undefined && date < terminatedOn) return CONTRACT_MESSAGES.refundBeforeEnd;
  if (date > vietnamToday()) return CONTRACT_MESSAGES.refundInFuture;
  return undefined;
}

/**
 * What the settlement owes the tenant, given back: recorded once (date, cash or transfer), then shown.
 * Nothing when the tenant owes or nothing is owed.
 */
export function RefundSection({ contract }: { contract: Contract }) {
  const { settlement } = contract;
  const [refundedOn, setRefundedOn] = useState(() => {
    const today = vietnamToday();
    return contract.terminatedOn !== undefined && contract.terminatedOn > today
      ? contract.terminatedOn
      : today;
  });
  const [method, setMethod] = useState<RefundMethod>('cash');
  const [submitted, setSubmitted] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (settlement === undefined || settlement.refund <= 0) return null;
  const { refunded } = settlement;
  if (refunded !== undefined) {
    return (
      <Alert severity="success" sx={{ mt: 2 }} data-testid="contract-refund-recorded">
        Đã hoàn lại {formatMoney(settlement.refund)} cho người thuê ngày {formatDay(refunded.refundedOn)} (
        {REFUND_METHOD_LABELS[refunded.method]}){refunded.note ? ` · ${refunded.note}` : ''}.
      </Alert>
    );
  }
  const problem = dateProblem(refundedOn, contract.terminatedOn);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem !== undefined || isSaving) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await recordRefund({ contractID: contract.contractID, refundedOn, method });
      notify.success(CONTRACT_MESSAGES.refundRecorded);
      await revalidateContract(contract.contractID);
    } catch (error) {
      if (isSessionExpiry(error)) return;
      notify.error(CONTRACT_MESSAGES.refundFailed);
      setFailure(serverMessage(error));
      if (isApiError(error) && error.status === 409) void revalidateContract(contract.contractID);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-label="Ghi nhận đã hoàn tiền"
      sx={{ mt: 2, display: 'grid', gap: 1 }}
      data-testid="contract-refund-form"
    >
      <Typography variant="body2">
        Chủ trọ hoàn lại <strong>{formatMoney(settlement.refund)}</strong> cho người thuê, rồi ghi nhận tại
        đây.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <DateField
          id="contract-refund-refundedOn"
          label="Ngày hoàn tiền"
          value={refundedOn}
          onChange={setRefundedOn}
          error={submitted && problem !== undefined}
          helperText={reservedHelperText(submitted ? problem : undefined)}
          required
          disabled={isSaving}
          fullWidth
          testId="contract-refund-refundedOn"
          {...(contract.terminatedOn !== undefined ? { min: contract.terminatedOn } : {})}
          max={vietnamToday()}
        />
        <TextField
          id="contract-refund-method"
          select
          label="Hình thức"
          value={method}
          onChange={(event) => setMethod(event.target.value as RefundMethod)}
          disabled={isSaving}
          fullWidth
          helperText={reservedHelperText(undefined)}
          slotProps={{ htmlInput: { 'data-testid': 'contract-refund-method' } }}
        >
          {REFUND_METHODS.map((value) => (
            <MenuItem key={value} value={value}>
              {REFUND_METHOD_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {failure !== null && (
        <Alert severity="error" data-testid="contract-refund-error">
          {CONTRACT_MESSAGES.refundFailed}: {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={isSaving}>
          Ghi nhận đã hoàn tiền
        </Button>
      </Box>
    </Box>
  );
}
