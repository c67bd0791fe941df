import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { formatNumber } from '../lib/format';
import {
  ROOM_STATUS_COLORS,
  ROOM_STATUS_FILTERS,
  ROOM_STATUS_LABELS,
  type RoomStatusFilter,
} from '../lib/roomStatus';

function StatusCount({
  filter,
  count,
  isSelected,
  onSelect,
  testId,
}: {
  filter: RoomStatusFilter;
  count: number | null;
  isSelected: boolean;
  onSelect: () => void;
  testId: string;
}) {
  const color = filter === 'all' ? 'grey' : ROOM_STATUS_COLORS[filter];
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={isSelected}
      data-testid={testId}
      sx={(theme) => {
        const main = color === 'grey' ? theme.palette.grey[600] : theme.palette[color].main;
        return {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          textAlign: 'left',
          px: 2,
          py: { xs: 0.75, sm: 1.25 },
          borderRadius: 2,
          border: 1,
          borderColor: isSelected ? main : 'divider',
          borderLeft: `5px solid ${main}`,
          bgcolor: isSelected ? alpha(main, 0.1) : 'background.paper',
        };
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {filter === 'all' ? 'Tổng số phòng' : ROOM_STATUS_LABELS[filter]}
      </Typography>
      <Typography
        sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 700 }}
        data-testid={`${testId}-value`}
      >
        {count === null ? <Skeleton width={32} /> : formatNumber(count)}
      </Typography>
    </ButtonBase>
  );
}

/** Rooms per status as four toggle cards; `counts` null while loading. */
export function RoomStatusCounts({
  counts,
  selected,
  onSelect,
  testIdPrefix,
}: {
  counts: Record<RoomStatusFilter, number> | null;
  selected: RoomStatusFilter;
  onSelect: (filter: RoomStatusFilter) => void;
  testIdPrefix: string;
}) {
  return (
    <Box
      role="group"
      aria-label="Lọc theo trạng thái phòng"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {ROOM_STATUS_FILTERS.map((filter) => (
        <StatusCount
          key={filter}
          filter={filter}
          count={counts === null ? null : counts[filter]}
          isSelected={selected === filter}
          onSelect={() => onSelect(filter)}
          testId={`${testIdPrefix}-${filter}`}
        />
      ))}
    </Box>
  );
}
