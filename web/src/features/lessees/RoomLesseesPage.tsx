import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import StarOutline from '@mui/icons-material/StarOutlined';
import TwoWheelerOutlined from '@mui/icons-material/TwoWheelerOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { LEVEL, type LesseeUpdateInput } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { notifyFailure } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { isApiError } from '../../lib/api';
import { useRoom } from '../../lib/api/resources/rooms';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AddOccupantDialog, EditLesseeDialog } from './LesseeDialogs';
import { LESSEE_EDITED_TEXT } from './useLesseeForm';
import {
  deleteLessee,
  revalidateTenancy,
  updateLessee,
  useActiveContractOfRoom,
  type ContractWithPeople,
  type Lessee,
} from './lesseesApi';
import { formatDay, lesseeStatusLabel } from './lesseeLabels';

export const REPRESENTATIVE_SET_TEXT = 'Đã đổi người đại diện hợp đồng!';

type QuickChange = 'representative' | 'movedOut' | 'back';

const QUICK_CHANGES: Record<QuickChange, { payload: LesseeUpdateInput; success: string; failure: string }> = {
  representative: {
    payload: { isRepresentative: true },
    success: REPRESENTATIVE_SET_TEXT,
    failure: 'Đổi người đại diện thất bại!',
  },
  movedOut: { payload: { status: 2 }, success: LESSEE_EDITED_TEXT, failure: 'Chỉnh sửa thông tin thất bại!' },
  back: { payload: { status: 1 }, success: LESSEE_EDITED_TEXT, failure: 'Chỉnh sửa thông tin thất bại!' },
};

function OccupantCard({
  lessee,
  canEdit,
  canDelete,
  busy,
  onEdit,
  onChange,
  onDelete,
}: {
  lessee: Lessee;
  canEdit: boolean;
  canDelete: boolean;
  busy: boolean;
  onEdit: () => void;
  onChange: (change: QuickChange) => void;
  onDelete: () => void;
}) {
  const livesHere = lessee.status === 1;
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
      data-testid="room-occupant"
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Link
            component={RouterLink}
            to={paths.lessee(lessee.lesseeInfoID)}
            variant="h3"
            sx={{ fontSize: '1.0625rem', fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {lessee.occupantName}
          </Link>
          {lessee.isRepresentative && (
            <Chip size="small" color="primary" label="Đại diện" data-testid="room-occupant-representative" />
          )}
          <Chip
            size="small"
            variant="outlined"
            color={livesHere ? 'success' : 'default'}
            label={lesseeStatusLabel(lessee.status)}
            data-testid="room-occupant-status"
          />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {[lessee.phoneNumber, lessee.citizenID ? `CCCD ${lessee.citizenID}` : null]
            .filter(Boolean)
            .join(' · ') || 'Chưa có số điện thoại và CCCD'}
        </Typography>
      </CardContent>
      {(canEdit || canDelete) && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1.5 }}>
          {canEdit && (
            <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} disabled={busy}>
              Sửa
            </Button>
          )}
          {canEdit && !lessee.isRepresentative && livesHere && (
            <Button
              size="small"
              startIcon={<StarOutline />}
              onClick={() => onChange('representative')}
              disabled={busy}
            >
              Đặt làm đại diện
            </Button>
          )}
          {canEdit && !lessee.isRepresentative && livesHere && (
            <Button
              size="small"
              startIcon={<LogoutOutlined />}
              onClick={() => onChange('movedOut')}
              disabled={busy}
            >
              Đã chuyển đi
            </Button>
          )}
          {canEdit && !livesHere && (
            <Button
              size="small"
              startIcon={<UndoOutlined />}
              onClick={() => onChange('back')}
              disabled={busy}
            >
              Đang ở lại
            </Button>
          )}
          {canDelete && !lessee.isRepresentative && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={onDelete}
              disabled={busy}
            >
              Xóa
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

/** The contract's term and who lives there now; the room's vehicles and 'Thêm người ở'. */
function OccupantsHeader({
  contract,
  living,
  canCreate,
  onAdd,
}: {
  contract: ContractWithPeople;
  living: number;
  canCreate: boolean;
  onAdd: () => void;
}) {
  return (
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
      <Typography sx={{ color: 'text.secondary' }}>
        Hợp đồng {formatDay(contract.startDate)} – {formatDay(contract.endDate)} · {formatNumber(living)}{' '}
        người đang ở
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to={paths.vehicleAndLesseeAdd(contract.contractID)}
          variant="outlined"
          startIcon={<TwoWheelerOutlined />}
        >
          Xe của phòng
        </Button>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={onAdd}
            data-testid="room-occupant-add"
          >
            Thêm người ở
          </Button>
        )}
      </Box>
    </Box>
  );
}

function Occupants({ contract }: { contract: ContractWithPeople }) {
  const { role } = useSignedInSession();
  const canCreate = role.lesseePermission >= LEVEL.create;
  const canEdit = role.lesseePermission >= LEVEL.update;
  const canDelete = role.lesseePermission >= LEVEL.full;
  const [isAdding, setIsAdding] = useState(false);
  const [busyID, setBusyID] = useState<string | null>(null);
  const { editor, removal } = useEntityDialogs<Lessee>({
    remove: (lessee) => deleteLessee(lessee.lesseeInfoID),
    afterRemove: () => revalidateTenancy(),
    removedText: 'Xóa người thuê thành công!',
    removeFailedText: 'Xóa người thuê thất bại!',
    keepOpenOnStatuses: [409],
  });
  const occupants = [...(contract.lesseeInfors ?? [])].sort(
    (a, b) => Number(b.isRepresentative) - Number(a.isRepresentative) || a.status - b.status,
  );

  const change = async (lessee: Lessee, kind: QuickChange) => {
    const { payload, success, failure } = QUICK_CHANGES[kind];
    setBusyID(lessee.lesseeInfoID);
    try {
      await updateLessee(lessee, payload);
      notify.success(success);
    } catch (error) {
      notifyFailure(failure, error);
    } finally {
      setBusyID(null);
      void revalidateTenancy();
    }
  };

  return (
    <>
      <OccupantsHeader
        contract={contract}
        living={occupants.filter((lessee) => lessee.status === 1).length}
        canCreate={canCreate}
        onAdd={() => setIsAdding(true)}
      />
      {occupants.length === 0 ? (
        <EmptyState title="Chưa có người ở" description="Hợp đồng chưa có người ở nào." />
      ) : (
        <Box
          component="ul"
          aria-label="Người ở của phòng"
          sx={{
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          }}
        >
          {occupants.map((lessee) => (
            <OccupantCard
              key={lessee.lesseeInfoID}
              lessee={lessee}
              canEdit={canEdit}
              canDelete={canDelete}
              busy={busyID === lessee.lesseeInfoID}
              onEdit={() => editor.openEdit(lessee)}
              onChange={(kind) => void change(lessee, kind)}
              onDelete={() => removal.ask(lessee)}
            />
          ))}
        </Box>
      )}
      {canCreate && (
        <AddOccupantDialog
          open={isAdding}
          contractID={contract.contractID}
          houseID={contract.houseID}
          onClose={() => setIsAdding(false)}
        />
      )}
      <EditLesseeDialog
        open={editor.open}
        lesseeInfoID={editor.item?.lesseeInfoID ?? null}
        onClose={editor.close}
      />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa người thuê"
        message={
          <>
            Thông tin và ảnh giấy tờ của <strong>{removal.item?.occupantName}</strong> sẽ bị xóa. Nếu người
            này chỉ chuyển đi, hãy chọn “Đã chuyển đi” để giữ lại lịch sử. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa người thuê"
        testId="room-occupant-delete-dialog"
      />
    </>
  );
}

/** /lesseeCD/{roomID}: the occupants of the room's active contract: add, edit, move out, representative. */
export function RoomLesseesPage() {
  const { id: roomID = '' } = useParams();
  const { houseID, role } = useSignedInSession();
  const { data: room, error: roomError } = useRoom(roomID);
  const { data, error, isLoading, mutate } = useActiveContractOfRoom(room?.houseID ?? houseID, roomID);
  const contract = data?.value[0];
  const roomMissing = isApiError(roomError) && (roomError.status === 404 || roomError.status === 400);
  const roomName = room?.roomName;

  let content;
  if (roomMissing) {
    content = (
      <EmptyState
        title="Không tìm thấy phòng"
        description="Phòng này không tồn tại hoặc đã bị xóa."
        action={
          <Button component={RouterLink} to={paths.rooms} variant="contained">
            Về danh sách phòng
          </Button>
        }
      />
    );
  } else if (error !== undefined && data === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (isLoading || data === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải người ở của phòng" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  } else if (contract === undefined) {
    content = (
      <EmptyState
        title="Phòng chưa có hợp đồng hiệu lực"
        description="Người ở được thêm vào hợp đồng của phòng. Hãy tạo hợp đồng trước khi thêm người thuê."
        action={
          role.contractPermission >= LEVEL.create ? (
            <Button
              component={RouterLink}
              to={paths.createContract(roomID)}
              variant="contained"
              data-testid="room-occupants-create-contract"
            >
              Tạo hợp đồng
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = <Occupants contract={contract} />;
  }

  return (
    <Box data-testid="room-lessees-page">
      <title>{roomName ? `Người ở phòng ${roomName} — Nhà trọ` : 'Người ở của phòng — Nhà trọ'}</title>
      <Button
        component={RouterLink}
        to={paths.room(roomID)}
        size="small"
        startIcon={<ArrowBackOutlined />}
        sx={{ mb: 1, ml: -0.5 }}
      >
        {roomName ? `Phòng ${roomName}` : 'Về phòng'}
      </Button>
      <PageHeader title={roomName ? `Người ở phòng ${roomName}` : 'Người ở của phòng'} />
      {content}
    </Box>
  );
}
