import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router-dom';

export const ROUTE_ERROR_TEXT = 'Unexpected Application Error!';

/** errorElement of the router: shown in place of the route that crashed, never a white page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);

  return (
    <Box role="alert" data-testid="route-error" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h1">{ROUTE_ERROR_TEXT}</Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        Đã xảy ra lỗi không mong muốn. Vui lòng tải lại trang hoặc thử lại sau.
      </Typography>
      <Button variant="contained" sx={{ mt: 3 }} onClick={() => window.location.reload()}>
        Tải lại trang
      </Button>
    </Box>
  );
}
