import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LESSOR_FIELD_LABELS,
  LESSOR_INFO_MESSAGES,
  LESSOR_REQUIRED_FIELDS,
  VIETNAM_BANKS,
  lessorInfoUpdateSchema,
  searchBanks,
  type LessorInfoUpdateInput,
} from '@nhatro/common';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useEntitySave } from '../../components/crud';
import { ErrorState } from '../../components/DataStates';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
  type FieldBinding,
} from '../../components/fieldForm';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { updateLessorInfo, useLessorAccount, type LessorAccountReply } from './lessorInfoApi';
import { IDENTITY_PHOTO_FIELDS, IdentityPhotoInputs, type IdentityPhotoField } from './IdentityPhotoInputs';
import { useLessorStatusSync } from './lessorStatus';

const FIELDS = [
  'fullName',
  'phoneNumber',
  'email',
  'citizenID',
  'citizenIDFrontImage',
  'citizenIDBackImage',
  'address',
  'bankName',
  'bankAccountNumber',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const IDENTITY_FIELDS: readonly Field[] = ['citizenID', ...IDENTITY_PHOTO_FIELDS];

function initialValues(account: LessorAccountReply): Values {
  return Object.fromEntries(FIELDS.map((field) => [field, account[field] ?? ''])) as Values;
}

/** What the form sends: the fields it shows that are filled in (a field cannot be emptied). */
function payloadOf(values: Values, fields: readonly Field[]): Record<string, string> {
  return Object.fromEntries(
    fields.filter((field) => values[field].trim() !== '').map((field) => [field, values[field]]),
  );
}

function validator(fields: readonly Field[]) {
  const required = Object.fromEntries(
    LESSOR_REQUIRED_FIELDS.filter((field) => fields.includes(field)).map((field) => [
      field,
      LESSOR_FIELD_LABELS[field],
    ]),
  ) as Partial<Record<Field, string>>;
  return (values: Values) =>
    validateWithSchema<Field, LessorInfoUpdateInput>(
      lessorInfoUpdateSchema,
      payloadOf(values, fields),
      required,
    );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The receiving bank, one of the NAPAS VietQR list, found by typing its short name, full name or BIN
 * (a name saved before the list knew it stays choosable, and the chosen bank stays listed).
 */
function BankSelect({
  bankBinding,
  bankName,
  disabled,
}: {
  bankBinding: FieldBinding;
  bankName: string;
  disabled: boolean;
}) {
  const [query, setQuery] = useState('');
  const found = searchBanks(query);
  const chosen = VIETNAM_BANKS.find((bank) => bank.shortName === bankName);
  const shown = chosen === undefined || found.includes(chosen) ? found : [chosen, ...found];
  return (
    <>
      <TextField
        id="lessor-bankSearch"
        type="search"
        label="Tìm ngân hàng"
        placeholder="Tên viết tắt, tên đầy đủ hoặc mã BIN"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        fullWidth
        disabled={disabled}
        helperText={
          query.trim() === ''
            ? `${VIETNAM_BANKS.length} ngân hàng và ví điện tử nhận chuyển khoản VietQR`
            : `${found.length} kết quả`
        }
        slotProps={{ htmlInput: { 'data-testid': 'lessor-bankSearch' } }}
      />
      <TextField
        {...bankBinding}
        select
        id="lessor-bankName"
        name="bankName"
        label={LESSOR_FIELD_LABELS.bankName}
        required
        fullWidth
        disabled={disabled}
        helperText={reservedHelperText(bankBinding.helperText)}
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': 'lessor-bankName' },
          inputLabel: { shrink: true },
        }}
      >
        <option value="">{found.length === 0 ? 'Không có ngân hàng nào khớp' : 'Chọn ngân hàng'}</option>
        {chosen === undefined && bankName !== '' && <option value={bankName}>{bankName}</option>}
        {shown.map((bank) => (
          <option key={bank.bin} value={bank.shortName}>
            {bank.shortName} — {bank.name} ({bank.bin})
          </option>
        ))}
      </TextField>
    </>
  );
}

/** 'Lưu thông tin' (waiting for the photos being uploaded) and 'Hủy' back to the account settings. */
function FormButtons({ isSaving, isUploading }: { isSaving: boolean; isUploading: boolean }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSaving}
          disabled={isUploading}
          sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          data-testid="lessor-info-submit"
        >
          Lưu thông tin
        </Button>
        <Button
          component={RouterLink}
          to={paths.accountSettings}
          size="large"
          sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          Hủy
        </Button>
      </Box>
    </>
  );
}

function LessorInfoForm({ account, withIdentity }: { account: LessorAccountReply; withIdentity: boolean }) {
  const navigate = useNavigate();
  const fields = withIdentity ? FIELDS : FIELDS.filter((field) => !IDENTITY_FIELDS.includes(field));
  const [validate] = useState(() => validator(fields));
  const check = useCallback((values: Values) => validate(values).errors, [validate]);
  const form = useFieldForm<Field>(initialValues(account), check);
  const { isSaving, save } = useEntitySave();
  const [isUploading, setIsUploading] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSaving || isUploading) return;
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) {
      const firstInvalid = fields.find((field) => form.errors[field] !== undefined);
      if (firstInvalid !== undefined) document.getElementById(`lessor-${firstInvalid}`)?.focus();
      return;
    }
    const saved = await save(() => updateLessorInfo(data, account['@odata.etag']), {
      successText: LESSOR_INFO_MESSAGES.saved,
      failureText: LESSOR_INFO_MESSAGES.saveFailed,
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
    });
    if (saved) await navigate(paths.accountSettings);
  };

  const text = (
    field: Field,
    props: { autoComplete?: string; inputMode?: 'tel' | 'email' | 'numeric'; multiline?: boolean } = {},
  ) => {
    const { helperText, ...binding } = form.bind(field);
    return (
      <TextField
        {...binding}
        id={`lessor-${field}`}
        name={field}
        label={LESSOR_FIELD_LABELS[field]}
        required={(LESSOR_REQUIRED_FIELDS as readonly string[]).includes(field)}
        fullWidth
        disabled={isSaving}
        multiline={props.multiline}
        autoComplete={props.autoComplete}
        helperText={reservedHelperText(helperText)}
        slotProps={{ htmlInput: { 'data-testid': `lessor-${field}`, inputMode: props.inputMode } }}
      />
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="form"
        noValidate
        aria-label="Thông tin chủ trọ"
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
        sx={{ display: 'grid', gap: 3 }}
      >
        <Section title="Liên hệ">
          {text('fullName', { autoComplete: 'name' })}
          {text('phoneNumber', { autoComplete: 'tel', inputMode: 'tel' })}
          {text('email', { autoComplete: 'email', inputMode: 'email' })}
          {text('address', { autoComplete: 'street-address', multiline: true })}
        </Section>
        {withIdentity && (
          <Section title="Căn cước công dân">
            {text('citizenID', { inputMode: 'numeric' })}
            <IdentityPhotoInputs
              values={{
                citizenIDFrontImage: form.values.citizenIDFrontImage,
                citizenIDBackImage: form.values.citizenIDBackImage,
              }}
              links={account.imageURLs}
              disabled={isSaving}
              onChange={(field: IdentityPhotoField, blobName) => form.setValue(field, blobName)}
              onBusyChange={setIsUploading}
            />
            {IDENTITY_PHOTO_FIELDS.map((field) => {
              const error = form.visibleError(field);
              return error === undefined ? null : (
                <Typography key={field} variant="body2" color="error">
                  {error}
                </Typography>
              );
            })}
          </Section>
        )}
        <Section title="Tài khoản nhận tiền">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            Hóa đơn của người thuê có mã VietQR chuyển khoản vào tài khoản này, kèm mã hóa đơn làm nội dung.
          </Typography>
          <BankSelect
            bankBinding={form.bind('bankName')}
            bankName={form.values.bankName}
            disabled={isSaving}
          />
          {text('bankAccountNumber', { inputMode: 'numeric' })}
        </Section>
        <FormButtons isSaving={isSaving} isUploading={isUploading} />
      </Box>
    </Paper>
  );
}

function LessorInfoScreen({ withIdentity }: { withIdentity: boolean }) {
  const { data, error, isLoading, mutate } = useLessorAccount(true);
  useLessorStatusSync(data?.status);
  const title = withIdentity ? 'Cập nhật thông tin chủ trọ' : 'Cập nhật liên hệ và tài khoản ngân hàng';
  let content;
  if (data !== undefined) {
    content = (
      <LessorInfoForm key={data['@odata.etag'] ?? 'none'} account={data} withIdentity={withIdentity} />
    );
  } else if (error !== undefined && !isLoading) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else {
    content = <Skeleton variant="rounded" height={420} aria-label="Đang tải thông tin chủ trọ" />;
  }
  return (
    <Box sx={{ maxWidth: 720 }} data-testid="lessor-info-page">
      <title>{`${title} — Nhà trọ`}</title>
      <PageHeader title={title} />
      {data !== undefined && data.missingFields.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Điền đủ các mục có dấu * để hoàn tất tài khoản: tên, số điện thoại, địa chỉ và CCCD in trên hợp
          đồng, tài khoản ngân hàng nhận tiền hóa đơn.
        </Alert>
      )}
      {content}
    </Box>
  );
}

/** /lessorUpdateInfo: every detail, the CCCD and its photos included. */
export function LessorUpdateInfoPage() {
  return <LessorInfoScreen withIdentity />;
}

/** /lessorUpdateInfoWithoutIdentity: contact, address and bank account, the identity left as it is. */
export function LessorUpdateInfoWithoutIdentityPage() {
  return <LessorInfoScreen withIdentity={false} />;
}
