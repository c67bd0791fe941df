import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  contractUpdateSchema,
  parseVietnameseNumber,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { reservedHelperText } from '../../components/fieldForm';
import { useLeftFields } from '../../components/useLeftFields';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { isApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import { ContractFrame, contractTitle } from './ContractFrame';
import { revalidateContract, updateContract, type ContractDetails } from './contractsApi';
import { addMonths, formatDay, isIsoDate, nextMonth } from './contractRules';
import { DateField, MonthField } from '../../components/dates/DateField';

type Field = 'endDate' | 'rentFee' | 'rentFromMonth' | 'reason';

interface Values {
  endDate: string;
  changeRent: boolean;
  rentFee: string;
  rentFromMonth: string;
  reason: string;
}

const { shape } = contractUpdateSchema;

function validate(values: Values, contract: ContractDetails): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.endDate === '' || !isIsoDate(values.endDate))
    errors.endDate = 'Ngày kết thúc không hợp lệ (định dạng yyyy-mm-dd).';
  else if (values.endDate <= contract.endDate) {
    errors.endDate = `Ngày kết thúc mới phải sau ngày kết thúc hiện tại (${formatDay(contract.endDate)}).`;
  }
  if (values.changeRent) {
    if (values.rentFee.trim() === '') errors.rentFee = 'Tiền thuê không được để trống!';
    else {
      const result = shape.rentFee.safeParse(parseVietnameseNumber(values.rentFee.trim()));
      if (!result.success) errors.rentFee = result.error.issues[0]?.message ?? 'Tiền thuê không hợp lệ.';
    }
    const month = shape.rentFromMonth.safeParse(values.rentFromMonth);
    if (!month.success || values.rentFromMonth === '') {
      errors.rentFromMonth = month.success
        ? 'Hãy chọn tháng áp dụng giá mới.'
        : month.error.issues[0]?.message;
    }
  }
  const reason = shape.reason.safeParse(values.reason);
  if (!reason.success) errors.reason = reason.error.issues[0]?.message;
  return errors;
}

/** The extension's values and checks, and sending it (If-Match: a stale copy is reloaded and said so). */
function useExtendForm(contract: ContractDetails, revalidate: () => Promise<unknown>) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    endDate: addMonths(contract.endDate, 12),
    changeRent: false,
    rentFee: String(contract.rentFee),
    rentFromMonth: nextMonth(contract.endDate),
    reason: '',
  });
  const shown = useLeftFields<Field>();
  const [submitted, setSubmitted] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validate(values, contract);
  const visible = (field: Field) => (submitted || shown.isShown(field) ? errors[field] : undefined);
  const touch = shown.leave;
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    if (field !== 'changeRent') shown.changed(field as Field);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const newRent = parseVietnameseNumber(values.rentFee.trim());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || isSaving) return;
    const reason = values.reason.trim();
    const rentChanged = values.changeRent && newRent !== undefined && newRent !== contract.rentFee;
    setIsSaving(true);
    setFailure(null);
    try {
      await updateContract(contract.contractID, contract['@odata.etag'], {
        endDate: values.endDate,
        ...(rentChanged ? { rentFee: newRent, rentFromMonth: values.rentFromMonth } : {}),
        ...(reason === '' ? {} : { reason }),
      });
      notify.success(CONTRACT_MESSAGES.updated);
      await Promise.all([revalidate(), revalidateContract(contract.contractID)]);
      await navigate(paths.contract(contract.contractID));
    } catch (error) {
      setIsSaving(false);
      if (isSessionExpiry(error)) return;
      notify.error(CONTRACT_MESSAGES.updateFailed);
      setFailure(serverMessage(error));
      if (isApiError(error) && error.status === 412) void revalidate();
    }
  };

  const quick = (months: number) => {
    set('endDate', addMonths(contract.endDate, months));
    shown.mark('endDate');
  };

  return { values, set, touch, visible, newRent, submit, quick, isSaving, failure };
}

type ExtendFormState = ReturnType<typeof useExtendForm>;

/** 'Đổi tiền thuê': the new rent and the month it applies from. */
function NewRentFields({ state }: { state: ExtendFormState }) {
  const { values, set, touch, visible, newRent, isSaving } = state;
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <TextField
        id="extend-rentFee"
        label="Tiền thuê mới / tháng"
        value={values.rentFee}
        onChange={(event) => set('rentFee', event.target.value)}
        onBlur={() => touch('rentFee')}
        error={visible('rentFee') !== undefined}
        helperText={reservedHelperText(
          visible('rentFee') ??
            (newRent !== undefined && Number.isFinite(newRent) ? formatMoney(newRent) : undefined),
        )}
        required
        disabled={isSaving}
        autoComplete="off"
        slotProps={{
          htmlInput: { 'data-testid': 'extend-rentFee', inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
        }}
      />
      <MonthField
        id="extend-rentFromMonth"
        label="Áp dụng từ tháng"
        value={values.rentFromMonth}
        onChange={(value) => set('rentFromMonth', value)}
        onBlur={() => touch('rentFromMonth')}
        error={visible('rentFromMonth') !== undefined}
        helperText={reservedHelperText(visible('rentFromMonth'))}
        required
        disabled={isSaving}
        testId="extend-rentFromMonth"
      />
    </Box>
  );
}

function ExtendForm({
  contract,
  revalidate,
}: {
  contract: ContractDetails;
  revalidate: () => Promise<unknown>;
}) {
  const state = useExtendForm(contract, revalidate);
  const { values, set, touch, visible, submit, quick, isSaving, failure } = state;

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-label="Gia hạn hợp đồng"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, display: 'grid', gap: 1 }}
      data-testid="contract-extend-form"
    >
      <Typography sx={{ mb: 1 }}>
        Thời hạn hiện tại:{' '}
        <strong>
          {formatDay(contract.startDate)} – {formatDay(contract.endDate)}
        </strong>{' '}
        · Tiền thuê <strong>{formatMoney(contract.rentFee)}</strong>/tháng
      </Typography>
      {contract.status === CONTRACT_STATUS.expired && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Hợp đồng đã hết hạn: gia hạn đến sau hôm nay sẽ làm hợp đồng hiệu lực trở lại.
        </Alert>
      )}
      <DateField
        id="extend-endDate"
        label="Ngày kết thúc mới"
        value={values.endDate}
        onChange={(value) => set('endDate', value)}
        onBlur={() => touch('endDate')}
        error={visible('endDate') !== undefined}
        helperText={reservedHelperText(visible('endDate'))}
        required
        disabled={isSaving}
        fullWidth
        testId="extend-endDate"
        min={contract.endDate}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: -0.5, mb: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
          Gia hạn nhanh:
        </Typography>
        <Button size="small" variant="outlined" onClick={() => quick(6)} disabled={isSaving}>
          +6 tháng
        </Button>
        <Button size="small" variant="outlined" onClick={() => quick(12)} disabled={isSaving}>
          +12 tháng
        </Button>
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.changeRent}
            onChange={(event) => set('changeRent', event.target.checked)}
            disabled={isSaving}
            data-testid="extend-change-rent"
          />
        }
        label="Đổi tiền thuê"
      />
      {values.changeRent && <NewRentFields state={state} />}
      <TextField
        id="extend-reason"
        label="Lý do (không bắt buộc)"
        value={values.reason}
        onChange={(event) => set('reason', event.target.value)}
        onBlur={() => touch('reason')}
        error={visible('reason') !== undefined}
        helperText={reservedHelperText(visible('reason'))}
        disabled={isSaving}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'extend-reason' } }}
      />
      {failure !== null && (
        <Alert severity="error" data-testid="extend-error">
          {CONTRACT_MESSAGES.updateFailed}: {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button component={RouterLink} to={paths.contract(contract.contractID)} disabled={isSaving}>
          Hủy
        </Button>
        <Button type="submit" variant="contained" loading={isSaving} data-testid="extend-submit">
          Gia hạn
        </Button>
      </Box>
    </Paper>
  );
}

/** /contracts/timeExtend/{id}: a later end date, optionally a new rent from a month, and why. */
export function ContractExtendPage() {
  return (
    <Box data-testid="contract-extend-page">
      <ContractFrame title="Gia hạn hợp đồng" back="contract">
        {(contract, revalidate) => (
          <>
            <title>{`Gia hạn — ${contractTitle(contract)} — Nhà trọ`}</title>
            <PageHeader title="Gia hạn hợp đồng" subtitle={contractTitle(contract)} />
            {contract.status === CONTRACT_STATUS.terminated ? (
              <Alert severity="info">Hợp đồng đã kết thúc sớm nên không thể gia hạn.</Alert>
            ) : (
              <ExtendForm key={contract.contractID} contract={contract} revalidate={revalidate} />
            )}
          </>
        )}
      </ContractFrame>
    </Box>
  );
}
