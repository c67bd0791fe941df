import Chip from '@mui/material/Chip';
import { isRoomStatusCode, ROOM_STATUS_COLORS, ROOM_STATUS_LABELS } from '../../lib/roomStatus';

export function RoomStatusChip({ status }: { status: string }) {
  if (!isRoomStatusCode(status)) return <Chip size="small" variant="outlined" label={status} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ROOM_STATUS_COLORS[status]}
      label={ROOM_STATUS_LABELS[status]}
    />
  );
}
