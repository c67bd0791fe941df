import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { useRef, useState, type ChangeEvent } from 'react';
import { photoFileName, preparePhoto } from '../../components/photoFile';

/** The API takes at most five photos per device. */
const MAX_PHOTOS = 5;

interface Photo {
  file: File;
  previewURL: string;
}

/** Photos chosen for a new device: scaled down to a JPEG here (`preparePhoto`), sent with the device. */
export function useDevicePhotos() {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [isConverting, setIsConverting] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setPhotoError(null);
    const room = MAX_PHOTOS - photos.length;
    if (files.length > room) setPhotoError(`Mỗi thiết bị có tối đa ${MAX_PHOTOS} ảnh.`);
    setIsConverting(true);
    const converted: Photo[] = [];
    try {
      for (const file of files.slice(0, Math.max(room, 0))) {
        const photo = await preparePhoto(file);
        const photoFile = new File([photo.blob], photoFileName(file.name, photo.extension), {
          type: photo.contentType,
        });
        converted.push({ file: photoFile, previewURL: URL.createObjectURL(photoFile) });
      }
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : 'Không đọc được ảnh.');
    } finally {
      setIsConverting(false);
      setPhotos((previous) => [...previous, ...converted]);
    }
  };

  const removePhoto = (photo: Photo) => {
    URL.revokeObjectURL(photo.previewURL);
    setPhotos((previous) => previous.filter((item) => item !== photo));
  };

  /** The previews' object URLs, once the photos are sent. */
  const releasePreviews = () => {
    for (const photo of photos) URL.revokeObjectURL(photo.previewURL);
  };

  return { photos, isConverting, photoError, addPhotos, removePhoto, releasePreviews };
}

type DevicePhotos = ReturnType<typeof useDevicePhotos>;

function PhotoPreviews({
  photos,
  onRemove,
}: {
  photos: DevicePhotos['photos'];
  onRemove: (photo: Photo) => void;
}) {
  if (photos.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Ảnh đã chọn"
      data-testid="device-photo-previews"
      sx={{ p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {photos.map((photo, index) => (
        <Box component="li" key={photo.previewURL} sx={{ listStyle: 'none', position: 'relative' }}>
          <Box
            component="img"
            src={photo.previewURL}
            alt={`Ảnh đã chọn ${index + 1}`}
            sx={{
              width: 72,
              height: 72,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <IconButton
            size="small"
            aria-label={`Bỏ ảnh ${index + 1}`}
            onClick={() => onRemove(photo)}
            sx={{
              position: 'absolute',
              top: -8,
              right: -8,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <CloseOutlined fontSize="inherit" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

/** 'Chọn ảnh', what is wrong with a chosen file, and the previews, each with 'Bỏ ảnh'. */
export function DevicePhotoField({ photos: state, disabled }: { photos: DevicePhotos; disabled: boolean }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { photos, isConverting, photoError, addPhotos, removePhoto } = state;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Ảnh thiết bị (tối đa {MAX_PHOTOS} ảnh, tự thu nhỏ, cạnh dài nhất 1600 px).
      </Typography>
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateOutlined />}
        onClick={() => fileInput.current?.click()}
        loading={isConverting}
        loadingPosition="start"
        disabled={photos.length >= MAX_PHOTOS || disabled}
        data-testid="device-photo-add"
      >
        Chọn ảnh
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => void addPhotos(event)}
        aria-label="Ảnh thiết bị"
        data-testid="device-photo-file"
      />
      {photoError !== null && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {photoError}
        </Typography>
      )}
      <PhotoPreviews photos={photos} onRemove={removePhoto} />
    </Box>
  );
}
