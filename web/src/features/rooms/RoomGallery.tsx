import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { ImageLink } from '@nhatro/common';
import { useRef, useState, type ChangeEvent } from 'react';
import { useSWRConfig } from 'swr';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { preparePhoto } from '../../components/photoFile';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { EmptyLine } from '../../components/SectionCard';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';
import { notify } from '../../lib/toast';
import { putPhotoBlob } from '../../lib/api';
import { deleteRoomImage, registerRoomImage, requestRoomImageUpload, roomKeys } from './roomsApi';
import type { RoomWithImages } from './roomsApi';

export const IMAGE_ADDED_TEXT = 'Thêm ảnh phòng thành công!';
export const IMAGE_DELETED_TEXT = 'Xóa ảnh phòng thành công!';

type UploadStep = 'converting' | 'uploading' | 'saving';
const STEP_LABELS: Record<UploadStep, string> = {
  converting: 'Đang thu nhỏ ảnh…',
  uploading: 'Đang tải ảnh lên…',
  saving: 'Đang lưu ảnh vào phòng…',
};

/** 'Thêm ảnh': any photo, scaled down to a JPEG (`preparePhoto`), uploaded, then added to the room; its steps as they go. */
function AddPhoto({ step, onFile }: { step: UploadStep | null; onFile: (file: File) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateOutlined />}
        onClick={() => fileInput.current?.click()}
        loading={step !== null}
        loadingPosition="start"
        data-testid="room-image-add"
      >
        Thêm ảnh
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        onChange={choose}
        aria-label="Chọn ảnh phòng"
        data-testid="room-image-file"
      />
      {step !== null && (
        <Box sx={{ mt: 1.5 }} data-testid="room-image-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {STEP_LABELS[step]}
          </Typography>
          <LinearProgress aria-label={STEP_LABELS[step]} />
        </Box>
      )}
    </Box>
  );
}

/** Photos of a room: upload (scaled down to a JPEG in the browser, sent straight to blob storage) and delete. */
export function RoomGallery({ room, canEdit }: { room: RoomWithImages; canEdit: boolean }) {
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState<UploadStep | null>(null);
  const images = room.imageURLs ?? [];
  const detailKey = roomKeys.detail(room.roomID);
  const { removal } = useEntityDialogs<ImageLink>({
    remove: async (image) => {
      const updated = await deleteRoomImage(room.roomID, image);
      await mutate(detailKey, { ...room, ...updated }, { revalidate: false });
    },
    removedText: IMAGE_DELETED_TEXT,
    removeFailedText: 'Xóa ảnh phòng thất bại!',
    afterRemoveFailed: () => void mutate(detailKey),
  });

  const upload = async (file: File) => {
    try {
      setStep('converting');
      const photo = await preparePhoto(file);
      setStep('uploading');
      const grant = await requestRoomImageUpload(room.houseID, photo.extension);
      await putPhotoBlob(grant.uploadURL, photo);
      setStep('saving');
      const updated = await registerRoomImage(room.roomID, grant.blobName);
      await mutate(detailKey, { ...room, ...updated }, { revalidate: false });
      notify.success(IMAGE_ADDED_TEXT);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Thêm ảnh phòng thất bại!', error));
    } finally {
      setStep(null);
    }
  };

  return (
    <Box>
      {canEdit && <AddPhoto step={step} onFile={(file) => void upload(file)} />}
      {images.length === 0 ? (
        <EmptyLine testId="room-gallery-empty">Phòng chưa có ảnh nào.</EmptyLine>
      ) : (
        <Box
          component="ul"
          aria-label="Ảnh phòng"
          data-testid="room-gallery"
          sx={{
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          }}
        >
          {images.map((image, index) => (
            <Box
              component="li"
              key={image.blobName}
              sx={{
                listStyle: 'none',
                position: 'relative',
                aspectRatio: '4 / 3',
                borderRadius: 2,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                bgcolor: 'grey.100',
              }}
              data-testid="room-gallery-item"
            >
              <Box component="a" href={image.url} target="_blank" rel="noopener noreferrer">
                <PhotoThumbnail link={image} alt={`Ảnh ${index + 1} của phòng ${room.roomName}`} />
              </Box>
              {canEdit && (
                <Tooltip title="Xóa ảnh">
                  <IconButton
                    size="small"
                    aria-label={`Xóa ảnh ${index + 1}`}
                    onClick={() => removal.ask(image)}
                    sx={{
                      position: 'absolute',
                      top: 4,
                      right: 4,
                      bgcolor: 'rgba(255,255,255,0.9)',
                      '&:hover': { bgcolor: '#fff' },
                    }}
                    data-testid="room-image-delete"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa ảnh phòng"
        message="Ảnh này sẽ bị xóa khỏi phòng và không thể khôi phục. Bạn có chắc chắn?"
        testId="room-image-delete-dialog"
      />
    </Box>
  );
}
