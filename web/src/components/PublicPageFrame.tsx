import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLink } from './BrandLink';

/**
 * The frame of the pages opened without an account (a shared contract or bill, a payment's result): the
 * brand and one narrow column, no navigation, made for a phone.
 */
export function PublicPageFrame({ children, maxWidth = 640 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          px: { xs: 2, sm: 3 },
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          color: 'primary.main',
        }}
      >
        <BrandLink />
      </Box>
      <Box component="main" sx={{ maxWidth, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 }, pb: 6 }}>
        {children}
      </Box>
    </Box>
  );
}

/** One titled card of a public page (`data-testid` = `id`). */
export function PublicSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-heading`}
      data-testid={id}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography variant="h2" id={`${id}-heading`} sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
