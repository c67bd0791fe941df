import Chip from '@mui/material/Chip';
import { roomStatusDisplay } from '../../lib/roomStatus';

/** The room's status; a rented room whose tenant gave notice reads 'Sắp trống từ dd/mm/yyyy'. */
export function RoomStatusChip({ room }: { room: { status: string; leavingOn?: string } }) {
  const shown = roomStatusDisplay(room);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={shown.color}
      label={shown.label}
      data-leaving={shown.leaving ? 'true' : undefined}
    />
  );
}
