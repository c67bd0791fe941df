import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  parseVietnameseNumber,
  REGISTRATION_MESSAGES,
  REGISTRATION_PAPERS_MAX,
  registrationCreateSchema,
  termFee,
  type Registration,
  type RegistrationCreateInput,
} from '@nhatro/common';
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { preparePhoto } from '../../components/photoFile';
import { isNetworkFailure, serverMessage } from '../../components/mutationFeedback';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { isApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import {
  createRegistration,
  heldRegistration,
  updateRegistration,
  uploadPaper,
  useHeldRegistration,
  usePricing,
  type PaperType,
} from './registrationsApi';

const FIELDS = [
  'fullName',
  'phoneNumber',
  'email',
  'houseName',
  'houseAddress',
  'roomQuota',
  'papers',
] as const;
type Field = (typeof FIELDS)[number];
type TextFieldName = Exclude<Field, 'papers'>;

const EMPTY: Record<Field, string> = {
  fullName: '',
  phoneNumber: '',
  email: '',
  houseName: '',
  houseAddress: '',
  roomQuota: '',
  papers: '',
};

const PAPER_MAX_BYTES = 5 * 1024 * 1024;

interface Paper {
  blobName: string;
  fileName: string;
}

/** Papers travel in the form as JSON text (the form holds text), parsed back here. */
function papersOf(value: string): Paper[] {
  try {
    const parsed = JSON.parse(value || '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Paper[]) : [];
  } catch {
    return [];
  }
}

function inputOf(values: Record<Field, string>): Record<string, unknown> {
  return {
    fullName: values.fullName,
    phoneNumber: values.phoneNumber.replace(/[\s.]/g, ''),
    email: values.email,
    houseName: values.houseName,
    houseAddress: values.houseAddress,
    roomQuota: parseVietnameseNumber(values.roomQuota) ?? values.roomQuota,
    papers: papersOf(values.papers).map((paper) => paper.blobName),
  };
}

function validate(values: Record<Field, string>) {
  return validateWithSchema<Field, RegistrationCreateInput>(registrationCreateSchema, inputOf(values), {
    roomQuota: 'Số phòng',
  });
}

function valuesOf(registration: Registration): Record<Field, string> {
  return {
    fullName: registration.fullName,
    phoneNumber: registration.phoneNumber,
    email: registration.email,
    houseName: registration.houseName,
    houseAddress: registration.houseAddress,
    roomQuota: String(registration.roomQuota),
    papers: JSON.stringify(
      registration.papers.map((blobName, index) => ({
        blobName,
        fileName: `Giấy tờ đã tải lên ${index + 1}`,
      })),
    ),
  };
}

const LABELS: Record<
  TextFieldName,
  { label: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'numeric' }
> = {
  fullName: { label: 'Họ và tên', autoComplete: 'name' },
  phoneNumber: { label: 'Số điện thoại di động', autoComplete: 'tel', inputMode: 'tel' },
  email: { label: 'Email', autoComplete: 'email', inputMode: 'email' },
  houseName: { label: 'Tên nhà trọ', autoComplete: 'organization' },
  houseAddress: { label: 'Địa chỉ nhà trọ', autoComplete: 'street-address' },
  roomQuota: { label: 'Số phòng muốn quản lý', autoComplete: 'off', inputMode: 'numeric' },
};

/** What the typed number of rooms will cost for a term, once the platform's pricing is known. */
function estimateText(pricing: Parameters<typeof termFee>[1] | undefined, roomQuota: string): string {
  const rooms = parseVietnameseNumber(roomQuota);
  if (!pricing || rooms === undefined || !Number.isInteger(rooms) || rooms <= 0) {
    return 'Phí sử dụng được tính theo số phòng.';
  }
  return `Phí dự kiến: ${formatMoney(termFee(rooms, pricing))} cho ${pricing.monthsPerTerm} tháng.`;
}

/** A text field of the registration, with its label, autocomplete and keyboard. */
function RegistrationText({
  form,
  field,
  disabled,
}: {
  form: ReturnType<typeof useFieldForm<Field>>;
  field: TextFieldName;
  disabled: boolean;
}) {
  const { label, autoComplete, inputMode } = LABELS[field];
  return (
    <TextField
      id={`registration-${field}`}
      name={field}
      label={label}
      {...form.bind(field)}
      helperText={reservedHelperText(form.visibleError(field))}
      required
      fullWidth
      autoComplete={autoComplete}
      disabled={disabled}
      slotProps={{
        htmlInput: { 'data-testid': `registration-${field}`, ...(inputMode ? { inputMode } : {}) },
      }}
    />
  );
}

/** The identity papers: those uploaded (each may be removed), 'Tải lên giấy tờ', and what went wrong. */
function PapersSection({
  papers,
  isSaving,
  isUploading,
  uploadError,
  error,
  onChoose,
  onRemove,
}: {
  papers: ReadonlyArray<{ blobName: string; fileName: string }>;
  isSaving: boolean;
  isUploading: boolean;
  uploadError: string | null;
  error: string | undefined;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  onRemove: (blobName: string) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <PublicSection id="registration-papers" title="Giấy tờ tùy thân">
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>
        Ảnh hai mặt căn cước công dân (hoặc bản scan PDF), tối đa {REGISTRATION_PAPERS_MAX} tệp, mỗi tệp không
        quá 5 MB. Chỉ quản trị viên xem được.
      </Typography>
      {papers.length > 0 && (
        <List dense disablePadding data-testid="registration-paper-list">
          {papers.map((paper) => (
            <ListItem
              key={paper.blobName}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Bỏ ${paper.fileName}`}
                  onClick={() => onRemove(paper.blobName)}
                  disabled={isSaving}
                >
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText primary={paper.fileName} sx={{ overflowWrap: 'anywhere', pr: 4 }} />
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => fileInput.current?.click()}
        loading={isUploading}
        disabled={isSaving || papers.length >= REGISTRATION_PAPERS_MAX}
        sx={{ minHeight: 44, mt: 1 }}
        data-testid="registration-paper-choose"
      >
        Tải lên giấy tờ
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*,application/pdf,.pdf"
        hidden
        onChange={(event) => void onChoose(event)}
        aria-label="Tệp giấy tờ tùy thân"
        data-testid="registration-paper-file"
      />
      {uploadError !== null && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {uploadError}
        </Alert>
      )}
      {error !== undefined && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} data-testid="registration-papers-error">
          {error}
        </Typography>
      )}
    </PublicSection>
  );
}

function RegistrationForm({ editing }: { editing: Registration | null }) {
  const navigate = useNavigate();
  const { data: pricing } = usePricing();
  const check = useCallback((values: Record<Field, string>) => validate(values).errors, []);
  const form = useFieldForm<Field>(editing ? valuesOf(editing) : EMPTY, check);
  const [isSaving, setIsSaving] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const papers = papersOf(form.values.papers);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
    if (isPdf && file.size > PAPER_MAX_BYTES) {
      setUploadError('Tệp PDF quá lớn (tối đa 5 MB).');
      return;
    }
    setIsUploading(true);
    try {
      const photo = isPdf ? undefined : await preparePhoto(file);
      const type: PaperType = photo?.extension ?? 'pdf';
      const blobName = await uploadPaper(photo?.blob ?? file, type);
      form.setValue('papers', JSON.stringify([...papers, { blobName, fileName: file.name }]));
    } catch (error) {
      setUploadError(serverMessage(error));
    } finally {
      setIsUploading(false);
    }
  };

  const remove = (blobName: string) =>
    form.setValue('papers', JSON.stringify(papers.filter((paper) => paper.blobName !== blobName)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || isUploading) return;
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) return;
    setIsSaving(true);
    const held = heldRegistration();
    try {
      if (editing && held) {
        await updateRegistration(held, data);
        notify.success(REGISTRATION_MESSAGES.updated);
      } else {
        await createRegistration(data);
        notify.success(REGISTRATION_MESSAGES.created);
      }
      await navigate(paths.registrationConfirm);
    } catch (error) {
      setIsSaving(false);
      if (isApiError(error) && error.status === 400)
        form.setServerErrors(fieldErrorsFromBody(error.body, FIELDS));
      // Spec §5 and §8: a registration answered with 400 (or not answered) failed with these words.
      const failed = editing ? REGISTRATION_MESSAGES.updateFailed : REGISTRATION_MESSAGES.createFailed;
      const spoken = isApiError(error) && (error.status === 400 || isNetworkFailure(error));
      notify.error(spoken ? failed : `${failed}: ${serverMessage(error)}`);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Đăng ký sử dụng dịch vụ"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
    >
      <Stack spacing={2}>
        <PublicSection id="registration-person" title="Thông tin người đăng ký">
          <Box sx={{ display: 'grid', gap: 1 }}>
            <RegistrationText form={form} field="fullName" disabled={isSaving} />
            <RegistrationText form={form} field="phoneNumber" disabled={isSaving} />
            <RegistrationText form={form} field="email" disabled={isSaving} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Số điện thoại là tên đăng nhập của bạn. Mã xác thực được gửi tới số điện thoại và email này.
            </Typography>
          </Box>
        </PublicSection>
        <PublicSection id="registration-house" title="Nhà trọ">
          <Box sx={{ display: 'grid', gap: 1 }}>
            <RegistrationText form={form} field="houseName" disabled={isSaving} />
            <RegistrationText form={form} field="houseAddress" disabled={isSaving} />
            <RegistrationText form={form} field="roomQuota" disabled={isSaving} />
            <Typography data-testid="registration-estimate" sx={{ color: 'text.secondary' }}>
              {estimateText(pricing, form.values.roomQuota)}
            </Typography>
          </Box>
        </PublicSection>
        <PapersSection
          papers={papers}
          isSaving={isSaving}
          isUploading={isUploading}
          uploadError={uploadError}
          error={form.visibleError('papers')}
          onChoose={choose}
          onRemove={remove}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSaving}
          disabled={isUploading}
          sx={{ minHeight: 48 }}
          data-testid="registration-submit"
        >
          {editing ? 'Lưu thay đổi' : 'Đăng ký'}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * `/registration`: a landlord registers for the service (spec: "service registration"); with `?edit=1`
 * the registration this browser holds is changed while it waits for payment.
 */
export function RegistrationPage() {
  const [search] = useSearchParams();
  const [held] = useState(heldRegistration);
  const wantsEdit = search.get('edit') !== null && held !== null;
  const { data, error, isLoading } = useHeldRegistration(wantsEdit ? held : null);

  let content;
  if (!wantsEdit) content = <RegistrationForm editing={null} />;
  else if (isLoading) content = <Skeleton variant="rounded" height={480} aria-label="Đang tải đăng ký" />;
  else if (error || !data) {
    content = (
      <Alert severity="warning">
        Không tải được đăng ký của bạn. <RouterLink to={paths.registration()}>Đăng ký mới</RouterLink>
      </Alert>
    );
  } else if (data.status !== 'pending') {
    content = <Alert severity="info">{REGISTRATION_MESSAGES.notEditable}</Alert>;
  } else {
    content = <RegistrationForm editing={data} />;
  }

  return (
    <PublicPageFrame maxWidth={640}>
      <title>Đăng ký sử dụng dịch vụ — Nhà trọ</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 1 }}>
        {wantsEdit ? 'Sửa thông tin đăng ký' : 'Đăng ký sử dụng Nhà trọ'}
      </Typography>
      {!wantsEdit && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Điền thông tin, xác thực email và số điện thoại, thanh toán phí; sau khi được duyệt, bạn nhận tên
          đăng nhập và mật khẩu qua email.
        </Typography>
      )}
      {!wantsEdit && held !== null && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.registrationConfirm}>
              Tiếp tục
            </Button>
          }
        >
          Trình duyệt này đang giữ một đăng ký chưa hoàn tất.
        </Alert>
      )}
      {content}
    </PublicPageFrame>
  );
}
