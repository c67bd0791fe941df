import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of a details page (h2 + optional actions on the right). */
export function SectionCard({
  id,
  title,
  actions,
  children,
  testId,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** A short line telling that a list is empty. */
export function EmptyLine({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography sx={{ color: 'text.secondary', py: 1 }} data-testid={testId}>
      {children}
    </Typography>
  );
}
