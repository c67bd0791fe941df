import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import type { ReactNode } from 'react';

export const LOAD_ERROR_TEXT = 'Không tải được dữ liệu.';

export function EmptyState({
  title = 'Chưa có dữ liệu',
  description,
  action,
}: {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box
      data-testid="empty-state"
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <InboxOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h3" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {description !== undefined && (
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>{description}</Typography>
      )}
      {action !== undefined && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

export function ErrorState({
  onRetry,
  message = LOAD_ERROR_TEXT,
}: {
  onRetry: () => void;
  message?: string;
}) {
  return (
    <Alert
      severity="error"
      data-testid="error-state"
      action={
        <Button color="inherit" size="small" onClick={onRetry} data-testid="error-retry">
          Thử lại
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
