import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A plain list of rows on a card (the dashboard's cards, a contract's debts, a bill's questions). */
export function RowList({
  children,
  ...rest
}: {
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} {...rest}>
      {children}
    </Box>
  );
}

/** One row of a `RowList`: what it is on the left, its figure or actions on the right, wrapping on a phone. */
export function Row({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}
