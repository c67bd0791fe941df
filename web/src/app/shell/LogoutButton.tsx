import Button, { type ButtonProps } from '@mui/material/Button';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useLogout } from './useLogout';

export function LogoutButton({
  variant = 'outlined',
  fullWidth = false,
}: {
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}) {
  const { logOut, isLoggingOut } = useLogout();
  return (
    <Button
      variant={variant}
      color="inherit"
      fullWidth={fullWidth}
      startIcon={<LogoutOutlined />}
      loading={isLoggingOut}
      loadingPosition="start"
      onClick={() => void logOut()}
      data-testid="logout-button"
    >
      Đăng xuất
    </Button>
  );
}
