import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import ButtonBase from '@mui/material/ButtonBase';

import Chip from '@mui/material/Chip';

import Link from '@mui/material/Link';

import Paper from '@mui/material/Paper';

import Skeleton from '@mui/material/Skeleton';

import Table from '@mui/material/Table';

import TableBody from '@mui/material/TableBody';

import TableCell from '@mui/material/TableCell';

import TableContainer from '@mui/material/TableContainer';

import TableHead from '@mui/material/TableHead';

import TableRow from '@mui/material/TableRow';

import Typography from '@mui/material/Typography';

import AddOutlined from '@mui/icons-material/AddOutlined';

import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { paths } from '../../lib/paths';
import { useContractRooms, useHouseRoomNames, type Lessee } from './lesseesApi';
import { lesseeStatusLabel } from './lesseeLabels';

// The occupants of /lessees: a table on a wide screen, cards on a phone, with their rooms.

/** The room of each occupant, by name (through their contract when the occupant has no room of their own). */
export function useRoomNames(houseID: string | null, lessees: readonly Lessee[]) {
  const { data: rooms } = useHouseRoomNames(houseID);
  const needsContracts = lessees.some((lessee) => !lessee.roomID);
  const { data: contracts } = useContractRooms(needsContracts ? houseID : null);
  return useMemo(() => {
    const roomNames = new Map((rooms?.value ?? []).map((room) => [room.roomID, room.roomName]));
    const contractRooms = new Map(
      (contracts?.value ?? []).map((contract) => [contract.contractID, contract.roomID]),
    );
    return (lessee: Lessee): { roomID: string | undefined; name: string | undefined } => {
      const roomID = lessee.roomID ?? contractRooms.get(lessee.contractID);
      return { roomID, name: roomID === undefined ? undefined : roomNames.get(roomID) };
    };
  }, [rooms, contracts]);
}

function StatusChips({ lessee }: { lessee: Lessee }) {
  return (
    <>
      {lessee.isRepresentative && (
        <Chip size="small" color="primary" label="Đại diện" data-testid="lessee-row-representative" />
      )}
      {lessee.status !== 1 && <Chip size="small" label={lesseeStatusLabel(lessee.status)} />}
    </>
  );
}

function LesseeTable({
  lessees,
  roomOf,
}: {
  lessees: readonly Lessee[];
  roomOf: ReturnType<typeof useRoomNames>;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Danh sách người thuê">
        <TableHead>
          <TableRow>
            <TableCell>Họ và tên</TableCell>
            <TableCell>Phòng</TableCell>
            <TableCell>Số điện thoại</TableCell>
            <TableCell>Số CCCD</TableCell>
            <TableCell>Trạng thái</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lessees.map((lessee) => {
            const room = roomOf(lessee);
            return (
              <TableRow key={lessee.lesseeInfoID} hover data-testid="lessee-row">
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Link
                      component={RouterLink}
                      to={paths.lessee(lessee.lesseeInfoID)}
                      sx={{ fontWeight: 600 }}
                    >
                      {lessee.occupantName}
                    </Link>
                    {lessee.isRepresentative && (
                      <Chip
                        size="small"
                        color="primary"
                        label="Đại diện"
                        data-testid="lessee-row-representative"
                      />
                    )}
                  </Box>
                </TableCell>
                <TableCell>{room.name ? `Phòng ${room.name}` : '—'}</TableCell>
                <TableCell>{lessee.phoneNumber ?? '—'}</TableCell>
                <TableCell>{lessee.citizenID ?? '—'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={lessee.status === 1 ? 'success' : 'default'}
                    variant="outlined"
                    label={lesseeStatusLabel(lessee.status)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LesseeCards({
  lessees,
  roomOf,
}: {
  lessees: readonly Lessee[];
  roomOf: ReturnType<typeof useRoomNames>;
}) {
  return (
    <Box component="ul" aria-label="Danh sách người thuê" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
      {lessees.map((lessee) => {
        const room = roomOf(lessee);
        return (
          <Box component="li" key={lessee.lesseeInfoID} sx={{ listStyle: 'none' }} data-testid="lessee-row">
            <ButtonBase
              component={RouterLink}
              to={paths.lessee(lessee.lesseeInfoID)}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'background.paper',
              }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {lessee.occupantName}
                </Typography>
                <StatusChips lessee={lessee} />
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {[room.name ? `Phòng ${room.name}` : null, lessee.phoneNumber].filter(Boolean).join(' · ') ||
                  '—'}
              </Typography>
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}

/** The occupants found (a table on a wide screen, cards on a phone), or why there are none. */
export function LesseesContent({
  houseID,
  lessees,
  loaded,
  failed,
  isFiltered,
  canCreate,
  isWide,
  roomOf,
  onRetry,
  onClear,
}: {
  houseID: string | null;
  lessees: Parameters<typeof LesseeTable>[0]['lessees'];
  loaded: boolean;
  failed: boolean;
  isFiltered: boolean;
  canCreate: boolean;
  isWide: boolean;
  roomOf: Parameters<typeof LesseeTable>[0]['roomOf'];
  onRetry: () => void;
  onClear: () => void;
}) {
  if (houseID === null) {
    return <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn một nhà trọ để xem người thuê." />;
  }
  if (failed) return <ErrorState onRetry={onRetry} />;
  if (!loaded) {
    return (
      <Box aria-busy="true" aria-label="Đang tải danh sách người thuê" sx={{ display: 'grid', gap: 1 }}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={isWide ? 40 : 64} />
        ))}
      </Box>
    );
  }
  if (lessees.length === 0 && isFiltered) {
    return (
      <EmptyState
        title="Không tìm thấy người thuê phù hợp"
        description="Không có người thuê nào khớp với tìm kiếm và bộ lọc đang chọn."
        action={<Button onClick={onClear}>Xóa bộ lọc</Button>}
      />
    );
  }
  if (lessees.length === 0) {
    return (
      <EmptyState
        title="Chưa có người thuê"
        description="Nhà trọ chưa có người thuê nào. Người thuê được thêm khi tạo hợp đồng, từ Excel hoặc bằng nút “Thêm người thuê”."
        action={
          canCreate ? (
            <Button
              component={RouterLink}
              to={paths.createLessee}
              variant="contained"
              startIcon={<AddOutlined />}
            >
              Thêm người thuê
            </Button>
          ) : undefined
        }
      />
    );
  }
  return isWide ? (
    <LesseeTable lessees={lessees} roomOf={roomOf} />
  ) : (
    <LesseeCards lessees={lessees} roomOf={roomOf} />
  );
}
