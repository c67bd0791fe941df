import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../lib/paths';

/** The headline, in Vietnamese; the specification's sentence stays under it. */
export const NOT_FOUND_TITLE = 'Không tìm thấy trang';
export const NOT_FOUND_TEXT_VI = 'Trang bạn tìm không tồn tại hoặc đã được chuyển đi.';
export const NOT_FOUND_TEXT = "Oops! The page you're looking for does not exist.";

/** The 404 message, for use inside the app layout or on its own page. */
export function NotFoundContent({ homePath = paths.home }: { homePath?: string }) {
  return (
    <Box
      data-testid="not-found"
      sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2, maxWidth: 560, mx: 'auto' }}
    >
      <Typography
        component="p"
        aria-hidden
        sx={{ fontSize: { xs: '4rem', sm: '6rem' }, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}
      >
        404
      </Typography>
      <Typography variant="h1" sx={{ mt: 2 }} data-testid="not-found-title">
        {NOT_FOUND_TITLE}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }} data-testid="not-found-subtitle">
        {NOT_FOUND_TEXT_VI}
      </Typography>
      <Typography
        lang="en"
        sx={{ mt: 0.5, color: 'text.secondary', fontSize: '0.875rem' }}
        data-testid="not-found-spec-text"
      >
        {NOT_FOUND_TEXT}
      </Typography>
      <Button
        component={RouterLink}
        to={homePath}
        variant="contained"
        size="large"
        sx={{ mt: 4 }}
        data-testid="not-found-home"
      >
        Về trang chủ
      </Button>
    </Box>
  );
}
