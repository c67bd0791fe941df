import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseVietnameseNumber, platformPricingSchema, termFee, type PlatformPricing } from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import { useEntitySave } from '../../components/crud';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { formatMoney } from '../../lib/format';
import { savePlatformPricing } from './platformPricingApi';

const FIELDS = ['pricePerRoomMonth', 'minimumYearFee', 'monthsPerTerm'] as const;
type PricingField = (typeof FIELDS)[number];

const LABELS: Record<PricingField, string> = {
  pricePerRoomMonth: 'Giá mỗi phòng mỗi tháng (đồng)',
  minimumYearFee: 'Phí tối thiểu mỗi năm (đồng)',
  monthsPerTerm: 'Số tháng của kỳ đăng ký',
};

function asNumber(text: string): number | string {
  const parsed = parseVietnameseNumber(text);
  return parsed === undefined ? text : parsed;
}

function validate(values: Record<PricingField, string>) {
  return validateWithSchema<PricingField, PlatformPricing>(platformPricingSchema, {
    pricePerRoomMonth: asNumber(values.pricePerRoomMonth),
    minimumYearFee: asNumber(values.minimumYearFee),
    monthsPerTerm: asNumber(values.monthsPerTerm),
  });
}

/**
 * The fee table of /timeBill: what landlords pay for a registration, rooms bought and extensions. A new
 * table applies to what is asked for afterwards; a registration or request keeps the price it was made with.
 */
export function PlatformPricingForm({ pricing }: { pricing: PlatformPricing }) {
  const { isSaving, save } = useEntitySave({ resetAfterSuccess: true });
  const check = useCallback((values: Record<PricingField, string>) => validate(values).errors, []);
  const form = useFieldForm<PricingField>(
    {
      pricePerRoomMonth: String(pricing.pricePerRoomMonth),
      minimumYearFee: String(pricing.minimumYearFee),
      monthsPerTerm: String(pricing.monthsPerTerm),
    },
    check,
  );
  const preview = validate(form.values).data;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) return;
    await save(() => savePlatformPricing(data), {
      successText: 'Cập nhật bảng phí thành công!',
      failureText: 'Cập nhật bảng phí thất bại!',
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
    });
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Bảng phí dịch vụ"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`pricing-${field}`}
            label={LABELS[field]}
            size="small"
            {...form.bind(field)}
            helperText={reservedHelperText(form.visibleError(field))}
            disabled={isSaving}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `pricing-${field}` } }}
          />
        ))}
      </Box>
      {preview && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="pricing-preview">
          Ví dụ: đăng ký 10 phòng trả {formatMoney(termFee(10, preview))} cho {preview.monthsPerTerm} tháng;
          gia hạn 1 năm cho 10 phòng {formatMoney(termFee(10, { ...preview, monthsPerTerm: 12 }))}; mua thêm 1
          phòng khi còn 6 tháng {formatMoney(preview.pricePerRoomMonth * 6)}.
        </Typography>
      )}
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        sx={{ justifySelf: { xs: 'stretch', sm: 'start' }, minHeight: 40 }}
        data-testid="pricing-submit"
      >
        Lưu bảng phí
      </Button>
    </Box>
  );
}
