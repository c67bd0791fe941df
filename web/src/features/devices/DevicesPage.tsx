import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { LEVEL } from '@nhatro/common';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';
import { isApiError } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { useRoom } from '../../lib/api/resources/rooms';
import { DeviceDialog } from './DeviceDialog';
import { deleteDevice, revalidateRoomDevices, useRoomDevices, type DeviceWithImages } from './devicesApi';

export const DEVICE_DELETED_TEXT = 'Xóa thiết bị thành công!';

function DeviceCard({
  device,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  device: DeviceWithImages;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const photos = device.imageURLs ?? [];
  const cover = photos[0];
  return (
    <Card
      component="li"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
      data-testid={`device-card-${device.deviceID}`}
    >
      <Box
        sx={{
          aspectRatio: '16 / 9',
          bgcolor: 'grey.100',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {cover ? (
          <PhotoThumbnail link={cover} alt={`Ảnh thiết bị ${device.deviceName}`} testId="device-photo" />
        ) : (
          <ImageNotSupportedOutlined sx={{ color: 'text.disabled', fontSize: 40 }} aria-label="Chưa có ảnh" />
        )}
      </Box>
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="device-name">
            {device.deviceName}
          </Typography>
          <Box sx={{ display: 'flex', flexShrink: 0, mt: -0.5, mr: -1 }}>
            {canEdit && (
              <Tooltip title="Sửa thiết bị">
                <IconButton
                  aria-label={`Sửa thiết bị ${device.deviceName}`}
                  onClick={onEdit}
                  data-testid="device-edit"
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip title="Xóa thiết bị">
                <IconButton
                  aria-label={`Xóa thiết bị ${device.deviceName}`}
                  onClick={onDelete}
                  color="error"
                  data-testid="device-delete"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            Số lượng
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="device-quantity">
            {formatNumber(device.quantity)}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            Tình trạng
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere' }}
            data-testid="device-condition"
          >
            {device.condition}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            Giá trị
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="device-value">
            {formatMoney(device.value)}
          </Typography>
          {photos.length > 1 && (
            <>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                Ảnh
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {photos.length} ảnh
              </Typography>
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The room's devices, each a card with its photos. */
function DeviceList({
  devices,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  devices: readonly DeviceWithImages[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (device: DeviceWithImages) => void;
  onDelete: (device: DeviceWithImages) => void;
}) {
  return (
    <Box
      component="ul"
      aria-label="Danh sách thiết bị"
      data-testid="device-list"
      sx={{
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
      }}
    >
      {devices.map((device) => (
        <DeviceCard
          key={device.deviceID}
          device={device}
          canEdit={canEdit}
          canDelete={canDelete}
          onEdit={() => onEdit(device)}
          onDelete={() => onDelete(device)}
        />
      ))}
    </Box>
  );
}

/** The way back to the room the devices belong to. */
function BackToRoom({ roomID, roomName }: { roomID: string; roomName: string | undefined }) {
  return (
    <>
      <Button
        component={RouterLink}
        to={paths.room(roomID)}
        size="small"
        startIcon={<ArrowBackOutlined />}
        sx={{ mb: 1, ml: -0.5 }}
        data-testid="devices-back"
      >
        {roomName ? `Phòng ${roomName}` : 'Về phòng'}
      </Button>
    </>
  );
}

/** /deviceCD/{id} (room id): the devices of a room, added with photos, edited and removed. */
export function DevicesPage() {
  const { id: roomID = '' } = useParams();
  const session = useSignedInSession();
  const { devicePermission } = session.role;
  const canCreate = devicePermission >= LEVEL.create;
  const canEdit = devicePermission >= LEVEL.update;
  const canDelete = devicePermission >= LEVEL.full;
  const { data: room, error: roomError } = useRoom(roomID);
  const { data, error, isLoading, mutate } = useRoomDevices(roomID);
  const { editor, removal } = useEntityDialogs<DeviceWithImages>({
    remove: (device) => deleteDevice(device.deviceID),
    afterRemove: () => revalidateRoomDevices(roomID),
    removedText: DEVICE_DELETED_TEXT,
    removeFailedText: 'Xóa thiết bị thất bại!',
  });
  const devices = data?.value;
  const roomMissing =
    isApiError(roomError) && (roomError.status === 404 || roomError.status === 400) && room === undefined;

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
  } else if (error !== undefined && devices === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (isLoading || devices === undefined) {
    content = (
      <Box
        aria-busy="true"
        aria-label="Đang tải danh sách thiết bị"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
      >
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={260} />
        ))}
      </Box>
    );
  } else if (devices.length === 0) {
    content = (
      <EmptyState
        title="Chưa có thiết bị"
        description="Phòng chưa có thiết bị nào."
        action={
          canCreate ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={editor.openCreate}>
              Thêm thiết bị
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <DeviceList
        devices={devices}
        canEdit={canEdit}
        canDelete={canDelete}
        onEdit={editor.openEdit}
        onDelete={removal.ask}
      />
    );
  }

  const roomName = room?.roomName;
  return (
    <Box data-testid="devices-page">
      <title>{roomName ? `Thiết bị phòng ${roomName} — Nhà trọ` : 'Thiết bị phòng — Nhà trọ'}</title>
      <BackToRoom roomID={roomID} roomName={roomName} />
      <PageHeader
        title={roomName ? `Thiết bị phòng ${roomName}` : 'Thiết bị phòng'}
        subtitle={devices ? `${formatNumber(devices.length)} thiết bị` : undefined}
        actions={
          canCreate && !roomMissing ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={editor.openCreate}
              data-testid="device-create-button"
            >
              Thêm thiết bị
            </Button>
          ) : undefined
        }
      />
      {content}
      <DeviceDialog
        open={editor.open}
        roomID={roomID}
        device={editor.item}
        onClose={editor.close}
        onSaved={() => void revalidateRoomDevices(roomID)}
      />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa thiết bị"
        message={
          <>
            Thiết bị <strong>{removal.item?.deviceName}</strong> và ảnh của thiết bị sẽ bị xóa. Bạn có chắc
            chắn?
          </>
        }
        confirmLabel="Xóa thiết bị"
        testId="device-delete-dialog"
      />
    </Box>
  );
}
