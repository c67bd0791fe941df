import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { corePaths } from '../lib/paths/core';

/** The product name with its house mark, linking to `to`. */
export function BrandLink({ to = corePaths.home, color = 'inherit' }: { to?: string; color?: string }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Nhà trọ — trang chủ"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, textDecoration: 'none' }}
    >
      <Box
        component="img"
        src={`${import.meta.env.BASE_URL}favicon.svg`}
        alt=""
        sx={{ width: 28, height: 28, borderRadius: 1 }}
      />
      <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.125rem', whiteSpace: 'nowrap' }}>
        Nhà trọ
      </Typography>
    </Box>
  );
}
