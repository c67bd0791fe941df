import Chip, { type ChipProps } from '@mui/material/Chip';
import { ROOM_STATUS_LABELS, isRoomStatus, type RoomStatus } from '../houses/types';

const STATUS_COLORS: Record<RoomStatus, ChipProps['color']> = {
  empty: 'success',
  reserved: 'warning',
  occupied: 'primary',
};

export function RoomStatusChip({ status }: { status: string }) {
  if (!isRoomStatus(status)) return <Chip size="small" variant="outlined" label={status} />;
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={ROOM_STATUS_LABELS[status]} />
  );
}
