import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TENANCY_LINK_MESSAGES } from '@nhatro/common';
import type { FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { reservedHelperText } from '../../components/fieldForm';
import { PASSWORD_RULES_TEXT, PasswordField } from '../../components/PasswordField';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { paths } from '../../lib/paths';
import { useTenancyLinkForm, type LinkOutcome } from './useTenancyLinkForm';

/** After the form: linked (sign in with the new password), or the link cannot be used (ask again). */
function LinkResult({ outcome }: { outcome: Exclude<LinkOutcome, { kind: 'form' }> }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {outcome.kind === 'done' ? (
        <Alert severity="success" data-testid="tenancy-link-done">
          {`Phòng ${outcome.linked.roomName} (${outcome.linked.houseName}). ${TENANCY_LINK_MESSAGES.linked}`}
        </Alert>
      ) : (
        <Alert severity="warning" data-testid="tenancy-link-refused">
          {outcome.message}
        </Alert>
      )}
      <Button variant="contained" component={RouterLink} to={paths.login} sx={{ minHeight: 48 }}>
        Đăng nhập
      </Button>
    </Box>
  );
}

/**
 * /tenancyLink/{linkID}: the link of the message a landlord's new contract sent to its representative's
 * number. The person types the code from the message and chooses a password; their account (the one the
 * number has, or a new one) then shows the new tenancy (and only it), and every device signed in to an
 * existing account is signed out.
 */
export function TenancyLinkPage() {
  const { linkID = '' } = useParams();
  const { form, isSaving, failure, outcome, submit } = useTenancyLinkForm(linkID);
  return (
    <PublicPageFrame maxWidth={480}>
      <title>Xác nhận hợp đồng thuê mới — Nhà trọ</title>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="tenancy-link-page">
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 2 }}>
          Xác nhận hợp đồng thuê mới
        </Typography>
        {outcome.kind !== 'form' ? (
          <LinkResult outcome={outcome} />
        ) : (
          <Box
            component="form"
            noValidate
            aria-label="Xác nhận hợp đồng thuê mới"
            onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
            sx={{ display: 'grid', gap: 1 }}
          >
            <Typography sx={{ mb: 1 }}>
              Nhập mã trong tin nhắn và đặt mật khẩu: bạn đăng nhập Nhà trọ bằng số điện thoại này và xem hợp
              đồng mới. Nếu số này đã có tài khoản, mật khẩu mới thay mật khẩu cũ và tài khoản chỉ hiển thị
              hợp đồng mới.
            </Typography>
            {failure !== null && <Alert severity="error">{failure}</Alert>}
            <TextField
              {...form.bind('code')}
              id="tenancy-link-code"
              label="Mã xác nhận"
              autoComplete="one-time-code"
              autoFocus
              disabled={isSaving}
              helperText={reservedHelperText(form.visibleError('code'))}
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'tenancy-link-code' },
              }}
            />
            <PasswordField
              id="tenancy-link-newPassword"
              name="newPassword"
              label="Mật khẩu mới"
              autoComplete="new-password"
              disabled={isSaving}
              binding={form.bind('newPassword')}
              testId="tenancy-link-newPassword"
            />
            <PasswordField
              id="tenancy-link-confirmPassword"
              name="confirmPassword"
              label="Nhập lại mật khẩu mới"
              autoComplete="new-password"
              disabled={isSaving}
              binding={form.bind('confirmPassword')}
              testId="tenancy-link-confirmPassword"
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: -0.5, mb: 1 }}>
              {PASSWORD_RULES_TEXT}
            </Typography>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={isSaving}
              sx={{ minHeight: 48 }}
              data-testid="tenancy-link-submit"
            >
              Xác nhận
            </Button>
          </Box>
        )}
      </Paper>
    </PublicPageFrame>
  );
}
