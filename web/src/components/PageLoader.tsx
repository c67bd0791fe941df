import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a lazily loaded page or the session guard gets ready. */
export function PageLoader() {
  return (
    <Box
      role="progressbar"
      aria-label="Đang tải"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
