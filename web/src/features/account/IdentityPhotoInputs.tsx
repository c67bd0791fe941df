import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { IMAGE_MAX_BYTES, LESSOR_FIELD_LABELS, type ImageLink } from '@nhatro/common';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { imageToPng } from '../../components/imageToPng';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { notify } from '../../lib/toast';
import { putImageBlob, requestIdentityImageUpload } from './accountApi';

export const IDENTITY_PHOTO_FIELDS = ['citizenIDFrontImage', 'citizenIDBackImage'] as const;
export type IdentityPhotoField = (typeof IDENTITY_PHOTO_FIELDS)[number];

/**
 * The two CCCD photos of the landlord's form: each converted to PNG in the browser, uploaded straight
 * to blob storage with a create-only SAS, its blob name kept in the form until it is saved.
 */
export function IdentityPhotoInputs({
  values,
  links,
  disabled,
  onChange,
  onBusyChange,
}: {
  values: Record<IdentityPhotoField, string>;
  /** Read URLs of the photos already saved. */
  links: readonly ImageLink[];
  disabled: boolean;
  onChange: (field: IdentityPhotoField, blobName: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const inputs = useRef<Partial<Record<IdentityPhotoField, HTMLInputElement | null>>>({});
  const [busy, setBusy] = useState<IdentityPhotoField | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const madeURLs = useRef<string[]>([]);

  useEffect(() => onBusyChange(busy !== null), [busy, onBusyChange]);
  useEffect(() => {
    const urls = madeURLs.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const upload = async (field: IdentityPhotoField, file: File) => {
    setBusy(field);
    try {
      const png = await imageToPng(file);
      if (png.size > IMAGE_MAX_BYTES) {
        throw new Error(`Ảnh quá lớn sau khi chuyển sang PNG (tối đa ${IMAGE_MAX_BYTES / 1024 / 1024} MB).`);
      }
      const grant = await requestIdentityImageUpload();
      await putImageBlob(grant.uploadURL, png);
      const previewURL = URL.createObjectURL(png);
      madeURLs.current.push(previewURL);
      setPreviews((current) => ({ ...current, [grant.blobName]: previewURL }));
      onChange(field, grant.blobName);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải ảnh lên thất bại!', error));
    } finally {
      setBusy(null);
    }
  };

  const choose = (field: IdentityPhotoField) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(field, file);
  };

  return (
    <Box
      role="group"
      aria-label="Ảnh CCCD"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {IDENTITY_PHOTO_FIELDS.map((field) => {
        const blobName = values[field];
        const label = LESSOR_FIELD_LABELS[field];
        const url =
          blobName === ''
            ? undefined
            : (previews[blobName] ?? links.find((link) => link.blobName === blobName)?.url);
        return (
          <Box key={field} sx={{ minWidth: 0 }} data-testid={`lessor-photo-${field}`}>
            <Box
              sx={{
                aspectRatio: '3 / 2',
                borderRadius: 2,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                bgcolor: 'grey.100',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {url ? (
                <Box
                  component="img"
                  src={url}
                  alt={label}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              ) : (
                <ImageNotSupportedOutlined
                  sx={{ color: 'text.disabled', fontSize: 36 }}
                  aria-label={`Chưa có ${label.toLowerCase()}`}
                />
              )}
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
              {label}
            </Typography>
            {busy === field && (
              <LinearProgress sx={{ mt: 0.5 }} aria-label={`Đang tải ${label.toLowerCase()}`} />
            )}
            <Button
              size="small"
              startIcon={<AddAPhotoOutlined />}
              onClick={() => inputs.current[field]?.click()}
              disabled={disabled || busy !== null}
              aria-label={`${blobName === '' ? 'Chọn' : 'Đổi'} ${label.toLowerCase()}`}
              sx={{ mt: 0.5 }}
            >
              {blobName === '' ? 'Chọn ảnh' : 'Đổi ảnh'}
            </Button>
            <input
              ref={(element) => {
                inputs.current[field] = element;
              }}
              type="file"
              accept="image/*"
              hidden
              onChange={choose(field)}
              aria-label={label}
              data-testid={`lessor-photo-file-${field}`}
            />
          </Box>
        );
      })}
    </Box>
  );
}
