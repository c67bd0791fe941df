import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AddedStaff } from '@nhatro/common';
import { useState } from 'react';

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{
          fontFamily: 'monospace',
          fontSize: '1.25rem',
          fontWeight: 700,
          overflowWrap: 'anywhere',
          userSelect: 'all',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The new staff member's sign-in, shown once after adding them: only the button closes it, so a stray
 * tap does not lose the one-time password.
 */
export function StaffAccountDialog({ staff, onDone }: { staff: AddedStaff | null; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      open={staff !== null}
      aria-labelledby="staff-account-title"
      data-testid="staff-account-dialog"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="staff-account-title">Tài khoản của nhân viên</DialogTitle>
      {staff !== null && (
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            <strong>{staff.fullName}</strong> đăng nhập Nhà trọ bằng:
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Credential label="Tên đăng nhập" value={staff.username} testId="staff-account-username" />
            <Credential
              label="Mật khẩu một lần"
              value={staff.oneTimePassword}
              testId="staff-account-password"
            />
          </Box>
          <Alert severity="warning" sx={{ mt: 2 }}>
            Mật khẩu chỉ hiện một lần này: hãy đưa trực tiếp cho nhân viên. Nhân viên phải đặt mật khẩu mới ở
            lần đăng nhập đầu tiên.
          </Alert>
        </DialogContent>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {staff !== null && (
          <Button onClick={() => void copy(`${staff.username} / ${staff.oneTimePassword}`)}>
            {copied ? 'Đã sao chép' : 'Sao chép'}
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => {
            setCopied(false);
            onDone();
          }}
          data-testid="staff-account-done"
        >
          Đã ghi lại
        </Button>
      </DialogActions>
    </Dialog>
  );
}
