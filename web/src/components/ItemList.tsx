import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { Fragment, type ReactNode } from 'react';

/** A list with a divider between rows (no bullets), labelled for screen readers. */
export function ItemList<T>({
  items,
  label,
  testId,
  itemKey = (_item, index) => String(index),
  render,
  dense = false,
}: {
  items: readonly T[];
  label: string;
  testId?: string;
  /** Closer rows. */
  dense?: boolean;
  itemKey?: (item: T, index: number) => string;
  render: (item: T) => ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} data-testid={testId} sx={{ p: 0, m: 0 }}>
      {items.map((item, index) => (
        <Fragment key={itemKey(item, index)}>
          {index > 0 && <Divider component="li" aria-hidden sx={{ listStyle: 'none' }} />}
          <Box component="li" sx={{ listStyle: 'none', py: dense ? 1 : 1.25 }}>
            {render(item)}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
