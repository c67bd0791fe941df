import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZALO_TOKEN_MESSAGES, zaloTokenSchema, type ZaloTokenInput } from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import { useEntitySave } from '../../components/crud';
import { ErrorState } from '../../components/DataStates';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { setZaloToken, useZaloToken } from './zaloTokenApi';

const FIELDS = ['accessToken', 'templateID'] as const;
type TokenField = (typeof FIELDS)[number];

function validate(values: Record<TokenField, string>) {
  return validateWithSchema<TokenField, ZaloTokenInput>(zaloTokenSchema, {
    accessToken: values.accessToken,
    ...(values.templateID.trim() === '' ? {} : { templateID: values.templateID }),
  });
}

function TokenForm({ templateID }: { templateID: string | undefined }) {
  const { isSaving, save } = useEntitySave({ resetAfterSuccess: true });
  const check = useCallback((values: Record<TokenField, string>) => validate(values).errors, []);
  const form = useFieldForm<TokenField>({ accessToken: '', templateID: templateID ?? '' }, check);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) return;
    const saved = await save(() => setZaloToken(data), {
      successText: ZALO_TOKEN_MESSAGES.saved,
      failureText: ZALO_TOKEN_MESSAGES.saveFailed,
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
      // Spec: a failure shows the server's errorMessage.
      notifyFailure: (error) => {
        if (!isSessionExpiry(error)) notify.error(serverMessage(error));
      },
    });
    if (saved) form.reset({ accessToken: '', templateID: data.templateID ?? templateID ?? '' });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Nhập Zalo token"
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        id="zalo-token"
        name="accessToken"
        label="Zalo token"
        {...form.bind('accessToken')}
        helperText={reservedHelperText(form.visibleError('accessToken'))}
        required
        fullWidth
        multiline
        minRows={2}
        autoComplete="off"
        disabled={isSaving}
        slotProps={{ htmlInput: { 'data-testid': 'zalo-token-input', spellCheck: false } }}
      />
      <TextField
        id="zalo-template"
        name="templateID"
        label="Mã mẫu ZNS"
        {...form.bind('templateID')}
        helperText={reservedHelperText(form.visibleError('templateID'))}
        fullWidth
        autoComplete="off"
        disabled={isSaving}
        slotProps={{ htmlInput: { 'data-testid': 'zalo-template-input', inputMode: 'numeric' } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        data-testid="zalo-token-submit"
        sx={{ minHeight: 44, justifySelf: { xs: 'stretch', sm: 'start' } }}
      >
        Lưu token
      </Button>
    </Box>
  );
}

/** /settingZaloToken: the super admin enters the Zalo Official Account token messages are sent with. */
export function ZaloTokenPage() {
  const { data, error, mutate } = useZaloToken();

  let status;
  if (error !== undefined && data === undefined) status = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined) status = <Skeleton variant="rounded" height={48} aria-label="Đang tải" />;
  else if (!data.configured) {
    status = (
      <Alert severity="warning" data-testid="zalo-token-status">
        Chưa có Zalo token: tin nhắn Zalo chưa được gửi (SMS được gửi thay khi có cấu hình).
      </Alert>
    );
  } else {
    status = (
      <Alert severity="success" data-testid="zalo-token-status">
        Đang dùng token {data.maskedToken}
        {data.templateID ? `, mẫu ZNS ${data.templateID}` : ', chưa có mã mẫu ZNS'}
        {data.updatedOn ? ` (cập nhật ${formatDateTime(data.updatedOn)})` : ''}.
      </Alert>
    );
  }

  return (
    <Box data-testid="zalo-token-page">
      <title>Nhập Zalo token — Nhà trọ</title>
      <PageHeader title="Nhập Zalo token" subtitle="Gửi thông báo cho người thuê qua Zalo" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, display: 'grid', gap: 2 }}>
        {status}
        <Typography sx={{ color: 'text.secondary' }}>
          Thông báo, hóa đơn và lời nhắc được gửi đến số điện thoại của người thuê qua Zalo Notification
          Service (ZNS) của Official Account, bằng một mẫu ZNS đã được Zalo duyệt có hai tham số{' '}
          <code>title</code> và <code>content</code>. Token được lưu kín và chỉ hiện bốn ký tự cuối.
        </Typography>
        {data !== undefined && <TokenForm key={data.updatedOn ?? 'none'} templateID={data.templateID} />}
      </Paper>
    </Box>
  );
}
