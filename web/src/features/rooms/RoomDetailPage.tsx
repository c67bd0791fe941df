import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { BILLING_LEVELS, LEVEL } from '@nhatro/common';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { DetailPageStates } from '../../components/DetailPageStates';
import { PageHeader } from '../../components/PageHeader';
import { RoomFacts } from '../../components/RoomFacts';
import { SectionCard } from '../../components/SectionCard';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { RoomEditForm } from './RoomEditForm';
import { RoomGallery } from './RoomGallery';
import { RoomBillsSection, RoomDevicesSection, RoomRelationSections } from './RoomRelations';
import { RoomTenancySection } from './RoomTenancySection';
import { deleteRoom, revalidateRoomLists, useRoom, type RoomWithImages } from './roomsApi';
import { roomStatusDisplay } from '../../lib/roomStatus';

export const ROOM_DELETED_TEXT = 'Xóa phòng thành công!';

function BackLink() {
  return (
    <Button
      component={RouterLink}
      to={paths.rooms}
      size="small"
      startIcon={<ArrowBackOutlined />}
      sx={{ mb: 1, ml: -0.5 }}
      data-testid="room-back"
    >
      Danh sách phòng
    </Button>
  );
}

function RoomDetails({ room }: { room: RoomWithImages }) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const { roomPermission, devicePermission, billingPermission } = session.role;
  const canEdit = roomPermission >= LEVEL.update;
  const canDelete = roomPermission >= LEVEL.full;
  const { removal } = useEntityDialogs<RoomWithImages>({
    remove: (toDelete) => deleteRoom(toDelete.roomID),
    afterRemove: async (deleted) => {
      void revalidateRoomLists(deleted.houseID);
      await navigate(paths.rooms, { replace: true });
    },
    removedText: ROOM_DELETED_TEXT,
    removeFailedText: 'Xóa phòng thất bại!',
    // A 409 says why the room cannot go (active contract, reservation): keep it in the dialog too.
    keepOpenOnStatuses: [409],
  });
  const status = roomStatusDisplay(room);

  return (
    <>
      <title>{`Phòng ${room.roomName} — Nhà trọ`}</title>
      <BackLink />
      <PageHeader
        title={`Phòng ${room.roomName}`}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Chip size="small" color={status.color} label={status.label} data-testid="room-status" />
            {typeof room.floor === 'number' && <span>Tầng {room.floor}</span>}
          </Box>
        }
        actions={
          canDelete ? (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutline />}
              onClick={() => removal.ask(room)}
              data-testid="room-delete-button"
            >
              Xóa phòng
            </Button>
          ) : undefined
        }
      />

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <SectionCard id="room-meters" title="Thông tin hiện tại" testId="room-facts">
            <RoomFacts room={room} testIdPrefix="room-fact" />
          </SectionCard>
          <SectionCard id="room-edit" title={canEdit ? 'Sửa thông tin phòng' : 'Thông tin phòng'}>
            <RoomEditForm room={room} canEdit={canEdit} />
          </SectionCard>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <SectionCard id="room-images" title="Ảnh phòng" testId="room-images-section">
            <RoomGallery room={room} canEdit={canEdit} />
          </SectionCard>
          <RoomTenancySection room={room} />
          {devicePermission >= LEVEL.read && <RoomDevicesSection roomID={room.roomID} />}
          <RoomRelationSections roomID={room.roomID} houseID={room.houseID} />
          {billingPermission >= BILLING_LEVELS.read && (
            <RoomBillsSection roomID={room.roomID} houseID={room.houseID} />
          )}
        </Box>
      </Box>

      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa phòng"
        message={
          <>
            Phòng <strong>{room.roomName}</strong> cùng các thiết bị và ảnh của phòng sẽ bị xóa. Bạn có chắc
            chắn?
          </>
        }
        confirmLabel="Xóa phòng"
        testId="room-delete-dialog"
      />
    </>
  );
}

/** /rooms/{id}: details, edit form, photos, devices, contracts, lessees and bills of one room. */
export function RoomDetailPage() {
  const { id = '' } = useParams();
  const { data: room, error, isLoading, mutate } = useRoom(id);

  if (room === undefined) {
    return (
      <DetailPageStates
        error={error}
        isLoading={isLoading}
        hasData={false}
        onRetry={() => void mutate()}
        title="Phòng"
        backLink={<BackLink />}
        loadingLabel="Đang tải thông tin phòng"
        missing={{
          title: 'Không tìm thấy phòng',
          description: 'Phòng này không tồn tại hoặc đã bị xóa.',
          listPath: paths.rooms,
          listLabel: 'Về danh sách phòng',
        }}
      />
    );
  }
  return (
    <Box data-testid="room-detail-page">
      <RoomDetails key={room.roomID} room={room} />
    </Box>
  );
}
