import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZALO_TOKEN_MESSAGES, zaloTokenSchema, type ZaloTokenInput } from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
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

const FIELDS = ['accessToken', 'refreshToken', 'templateID'] as const;
type TokenField = (typeof FIELDS)[number];

function validate(values: Record<TokenField, string>) {
  return validateWithSchema<TokenField, ZaloTokenInput>(zaloTokenSchema, {
    accessToken: values.accessToken,
    ...(values.refreshToken.trim() === '' ? {} : { refreshToken: values.refreshToken }),
    ...(values.templateID.trim() === '' ? {} : { templateID: values.templateID }),
  });
}

function TokenForm({ templateID }: { templateID: string | undefined }) {
  const { isSaving, save } = useEntitySave({ resetAfterSuccess: true });
  const check = useCallback((values: Record<TokenField, string>) => validate(values).errors, []);
  const form = useFieldForm<TokenField>(
    { accessToken: '', refreshToken: '', templateID: templateID ?? '' },
    check,
  );

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
    if (saved)
      form.reset({ accessToken: '', refreshToken: '', templateID: data.templateID ?? templateID ?? '' });
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
        id="zalo-refresh-token"
        name="refreshToken"
        label="Refresh token"
        {...form.bind('refreshToken')}
        helperText={reservedHelperText(
          form.visibleError('refreshToken') ??
            'Để hệ thống tự gia hạn access token trước khi hết hạn (khoảng 25 giờ).',
        )}
        fullWidth
        multiline
        minRows={2}
        autoComplete="off"
        disabled={isSaving}
        slotProps={{ htmlInput: { 'data-testid': 'zalo-refresh-token-input', spellCheck: false } }}
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
  // When the page opened: whether the token has expired is judged against it.
  const [openedAt] = useState(() => Date.now());

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
    const expired = data.expiresOn !== undefined && Date.parse(data.expiresOn) <= openedAt;
    const renewalFailed = data.lastRenewal?.ok === false;
    const severity = expired || renewalFailed ? 'error' : data.autoRenew ? 'success' : 'warning';
    status = (
      <Alert severity={severity} data-testid="zalo-token-status">
        Đang dùng token {data.maskedToken}
        {data.templateID ? `, mẫu ZNS ${data.templateID}` : ', chưa có mã mẫu ZNS'}
        {data.updatedOn ? ` (cập nhật ${formatDateTime(data.updatedOn)})` : ''}.
        {data.expiresOn && (
          <Box component="span" sx={{ display: 'block' }} data-testid="zalo-token-expiry">
            {expired ? 'Đã hết hạn lúc ' : 'Hết hạn lúc '}
            {formatDateTime(data.expiresOn)}
            {data.autoRenew ? ' — hệ thống tự gia hạn trước khi hết hạn.' : '.'}
          </Box>
        )}
        {!data.autoRenew && data.autoRenewBlocked && (
          <Box component="span" sx={{ display: 'block' }}>
            Không tự gia hạn được: {data.autoRenewBlocked}
          </Box>
        )}
        {renewalFailed && data.lastRenewal && (
          <Box component="span" sx={{ display: 'block' }} data-testid="zalo-token-renewal-error">
            Gia hạn lúc {formatDateTime(data.lastRenewal.at)} thất bại:{' '}
            {data.lastRenewal.error ?? 'không rõ lỗi'}. Vui lòng nhập token mới.
          </Box>
        )}
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
          <code>title</code> và <code>content</code>. Access token của Zalo chỉ dùng được khoảng 25 giờ: nhập
          kèm refresh token để hệ thống tự gia hạn. Token được mã hóa khi lưu và chỉ hiện bốn ký tự cuối.
        </Typography>
        {data !== undefined && <TokenForm key={data.updatedOn ?? 'none'} templateID={data.templateID} />}
      </Paper>
    </Box>
  );
}
