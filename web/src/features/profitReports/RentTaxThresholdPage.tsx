import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  parseVietnameseNumber,
  rentTaxThresholdSchema,
  type RentTaxThreshold,
  type RentTaxThresholdInput,
} from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import { useEntitySave } from '../../components/crud';
import { ErrorState } from '../../components/DataStates';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/format';
import { setRentTaxThreshold, useRentTaxThreshold } from './profitReportsApi';

const FIELDS = ['amount', 'warnPercent', 'legalBasis', 'fromYear'] as const;
type Field = (typeof FIELDS)[number];

function validate(values: Record<Field, string>) {
  return validateWithSchema<Field, RentTaxThresholdInput>(
    rentTaxThresholdSchema,
    {
      amount: parseVietnameseNumber(values.amount),
      warnPercent: parseVietnameseNumber(values.warnPercent),
      legalBasis: values.legalBasis,
      fromYear: parseVietnameseNumber(values.fromYear),
    },
    { amount: 'Ngưỡng doanh thu', warnPercent: 'Mức cảnh báo', fromYear: 'Năm áp dụng' },
  );
}

function ThresholdForm({ threshold, onSaved }: { threshold: RentTaxThreshold; onSaved: () => void }) {
  const { isSaving, save } = useEntitySave();
  const check = useCallback((values: Record<Field, string>) => validate(values).errors, []);
  const form = useFieldForm<Field>(
    {
      amount: String(threshold.amount),
      warnPercent: String(threshold.warnPercent),
      legalBasis: threshold.legalBasis,
      fromYear: String(threshold.fromYear),
    },
    check,
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) return;
    const saved = await save(() => setRentTaxThreshold(data), {
      successText: 'Đã lưu ngưỡng chịu thuế.',
      failureText: 'Lưu ngưỡng chịu thuế thất bại!',
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
    });
    if (saved) onSaved();
  };
  const field = (name: Field, label: string, extra: object = {}) => {
    const binding = form.bind(name);
    return (
      <TextField
        id={`tax-${name}`}
        name={name}
        label={label}
        {...binding}
        helperText={reservedHelperText(binding.helperText)}
        fullWidth
        disabled={isSaving}
        slotProps={{ htmlInput: { 'data-testid': `tax-${name}` } }}
        {...extra}
      />
    );
  };
  const amount = parseVietnameseNumber(form.values.amount);
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} aria-label="Ngưỡng chịu thuế">
      <Stack spacing={1}>
        {field('amount', 'Ngưỡng doanh thu một năm (VND)', {
          helperText: reservedHelperText(
            form.bind('amount').helperText ?? (amount !== undefined ? formatMoney(amount) : undefined),
          ),
        })}
        {field('warnPercent', 'Cảnh báo khi đạt (%)')}
        {field('fromYear', 'Áp dụng từ năm')}
        {field('legalBasis', 'Căn cứ pháp lý (hiển thị cho chủ trọ)', { multiline: true, minRows: 3 })}
        <Box>
          <Button type="submit" variant="contained" loading={isSaving} data-testid="tax-submit">
            Lưu
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The super admin's page: the rent income above which a household renting out rooms pays tax. */
export function RentTaxThresholdPage() {
  const { data, error, mutate } = useRentTaxThreshold();
  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined) content = <Skeleton variant="rounded" height={240} />;
  else content = <ThresholdForm threshold={data.data} onSaved={() => void mutate()} />;
  return (
    <Box data-testid="rent-tax-threshold-page">
      <title>Ngưỡng chịu thuế cho thuê nhà — Nhà trọ</title>
      <PageHeader
        title="Ngưỡng chịu thuế cho thuê nhà"
        subtitle="Chủ trọ thấy doanh thu năm so với ngưỡng này trên trang Lợi nhuận"
      />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        {content}
      </Paper>
    </Box>
  );
}
