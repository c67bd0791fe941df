import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { LesseeInfo } from '@nhatro/common';
import type { ReactNode } from 'react';
import { ErrorState } from './DataStates';
import { ItemList } from './ItemList';
import { PageHeader } from './PageHeader';
import { EmptyLine } from './SectionCard';

export function Line({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

export function LoadingLines({ label = 'Đang tải' }: { label?: string }) {
  return (
    <Box aria-busy="true" aria-label={label}>
      <Skeleton width="70%" />
      <Skeleton width="50%" />
    </Box>
  );
}

/** The loading, error, empty or filled body of a list section. */
export function ListBody<T>({
  items,
  error,
  onRetry,
  empty,
  label,
  testId,
  itemKey,
  render,
}: {
  items: readonly T[] | undefined;
  error: unknown;
  onRetry: () => void;
  empty: string;
  label: string;
  testId: string;
  itemKey: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  if (items === undefined && error !== undefined) return <ErrorState onRetry={onRetry} />;
  if (items === undefined) return <LoadingLines label={`Đang tải ${label.toLowerCase()}`} />;
  if (items.length === 0) return <EmptyLine testId={`${testId}-empty`}>{empty}</EmptyLine>;
  return <ItemList items={items} label={label} testId={testId} itemKey={itemKey} render={render} />;
}

/** Label–value pairs in a grid: one column on phones, two from 600 px. */
export function DetailGrid({
  items,
  testIdPrefix,
}: {
  items: ReadonlyArray<{ key: string; label: string; value: ReactNode }>;
  testIdPrefix: string;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {items.map(({ key, label, value }) => (
        <Box key={key} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, mt: 0.25, fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid={`${testIdPrefix}-${key}`}
          >
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** One person living in the room: name, gender, 'Đại diện' and 'Bạn' marks. */
export function OccupantItem({ lessee, ownLesseeID }: { lessee: LesseeInfo; ownLesseeID: string | null }) {
  const isSelf = ownLesseeID !== null && lessee.lesseeInfoID === ownLesseeID;
  const details = [
    lessee.gender === 1 ? 'Nam' : 'Nữ',
    lessee.dateOfBirth ? `Sinh năm ${lessee.dateOfBirth.slice(0, 4)}` : null,
    lessee.isRepresentative && lessee.phoneNumber ? `SĐT ${lessee.phoneNumber}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <Box data-testid={`occupant-${lessee.lesseeInfoID}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {lessee.occupantName || 'Chưa có tên'}
        </Typography>
        {lessee.isRepresentative && (
          <Chip size="small" color="primary" variant="outlined" label="Người đại diện" />
        )}
        {isSelf && <Chip size="small" variant="outlined" label="Bạn" />}
      </Box>
      <Line>{details.join(' · ')}</Line>
    </Box>
  );
}

/** Occupants with the representative first, then by name. */
export function sortOccupants(lessees: readonly LesseeInfo[]): LesseeInfo[] {
  return [...lessees].sort(
    (a, b) =>
      Number(b.isRepresentative) - Number(a.isRepresentative) ||
      a.occupantName.localeCompare(b.occupantName, 'vi'),
  );
}

/** A tenant page before its data is there: the title with the error and a retry, or a skeleton. */
export function TenantPageStates({
  title,
  error,
  loadingLabel,
  onRetry,
}: {
  title: string;
  error: unknown;
  loadingLabel: string;
  onRetry: () => void;
}) {
  return (
    <>
      <PageHeader title={title} />
      {error !== undefined ? (
        <ErrorState onRetry={onRetry} />
      ) : (
        <Box aria-busy="true" aria-label={loadingLabel} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={140} />
        </Box>
      )}
    </>
  );
}
