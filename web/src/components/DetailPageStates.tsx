import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '../lib/api';
import { EmptyState, ErrorState } from './DataStates';

/**
 * What a page about one object shows before it has the object: a skeleton while loading, "not found"
 * with a way back to the list for a 404/400 (another landlord's object looks the same), else the error
 * with a retry. `null` once the object is there.
 */
export function DetailPageStates({
  error,
  isLoading,
  hasData,
  onRetry,
  title,
  backLink,
  loadingLabel,
  missing,
}: {
  error: unknown;
  isLoading: boolean;
  hasData: boolean;
  onRetry: () => void;
  /** The page's browser title, without the product name. */
  title: string;
  backLink: ReactNode;
  loadingLabel: string;
  missing: { title: string; description: string; listPath: string; listLabel: string };
}): ReactNode {
  if (error !== undefined && !hasData) {
    const isMissing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <>
        <title>{`${title} — Nhà trọ`}</title>
        {backLink}
        {isMissing ? (
          <EmptyState
            title={missing.title}
            description={missing.description}
            action={
              <Button component={RouterLink} to={missing.listPath} variant="contained">
                {missing.listLabel}
              </Button>
            }
          />
        ) : (
          <ErrorState onRetry={onRetry} />
        )}
      </>
    );
  }
  if (isLoading || !hasData) {
    return (
      <Box aria-busy="true" aria-label={loadingLabel}>
        <title>{`${title} — Nhà trọ`}</title>
        {backLink}
        <Typography variant="h1">
          <Skeleton width={220} />
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      </Box>
    );
  }
  return null;
}
