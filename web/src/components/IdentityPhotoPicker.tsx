import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import type { ImageLink } from '@nhatro/common';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { putPhotoBlob, type UploadGrant } from '../lib/api';
import { notify } from '../lib/toast';
import { preparePhoto, type PhotoExtension } from './photoFile';
import { failureText, isSessionExpiry } from './mutationFeedback';

/** Where a photo can be seen: the read URL the server gave for its blob. */
export function imageURLOf(blobName: string, links: readonly ImageLink[] | undefined): string | undefined {
  return links?.find((link) => link.blobName === blobName)?.url;
}

/** One photo of identity papers, shown full size in a new tab when tapped. */
export function IdentityPhoto({
  label,
  url,
  testId,
}: {
  label: string;
  url: string | undefined;
  testId: string;
}) {
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid={testId}>
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
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ width: '100%', height: '100%' }}
          >
            <Box
              component="img"
              src={url}
              alt={label}
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </Box>
        ) : (
          <ImageNotSupportedOutlined
            sx={{ color: 'text.disabled', fontSize: 36 }}
            aria-label={`Chưa có ${label.toLowerCase()}`}
          />
        )}
      </Box>
      <Typography component="figcaption" variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** One photo: what is there, its upload in progress, 'Chọn ảnh' / 'Đổi ảnh' and, if optional, 'Bỏ ảnh'. */
function PhotoSlot({
  label,
  url,
  testId,
  hasPhoto,
  isUploading,
  disabled,
  removable,
  onFile,
  onRemove,
}: {
  label: string;
  url: string | undefined;
  /** `${testIdPrefix}-photo-${field}`; its file input is `…-photo-file-${field}`. */
  testId: { photo: string; file: string };
  hasPhoto: boolean;
  isUploading: boolean;
  disabled: boolean;
  removable: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // 'Ảnh CCCD mặt trước' is already a photo; 'Mặt trước CCCD' needs the word.
  const photoName = /^ảnh\b/iu.test(label) ? label.toLowerCase() : `ảnh ${label.toLowerCase()}`;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <IdentityPhoto label={label} url={url} testId={testId.photo} />
      {isUploading && <LinearProgress sx={{ mt: 0.5 }} aria-label={`Đang tải ${label.toLowerCase()}`} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Button
          size="small"
          startIcon={<AddAPhotoOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-label={`${hasPhoto ? 'Đổi' : 'Chọn'} ${photoName}`}
        >
          {hasPhoto ? 'Đổi ảnh' : 'Chọn ảnh'}
        </Button>
        {removable && hasPhoto && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Bỏ ${photoName}`}
          >
            Bỏ ảnh
          </Button>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={choose}
        aria-label={label}
        data-testid={testId.file}
      />
    </Box>
  );
}

/**
 * Identity photos in a form (a lessee's, a landlord's CCCD): each is scaled down to a JPEG in the browser (`preparePhoto`),
 * uploaded straight to blob storage with the create-only SAS `requestUpload` grants, and its blob name
 * handed to `onChange` for the form to save. Test ids: `<testIdPrefix>-photo-<field>` (the picture) and
 * `<testIdPrefix>-photo-file-<field>` (the file input).
 */
export function IdentityPhotoPicker<F extends string>({
  fields,
  labels,
  groupLabel,
  testIdPrefix,
  values,
  links,
  disabled,
  removable = false,
  requestUpload,
  onChange,
  onBusyChange,
}: {
  fields: readonly F[];
  labels: Record<F, string>;
  groupLabel: string;
  testIdPrefix: string;
  values: Record<F, string>;
  /** Read URLs of the photos already saved. */
  links: readonly ImageLink[] | undefined;
  disabled: boolean;
  /** Offer 'Bỏ ảnh' (the photo is optional). */
  removable?: boolean;
  requestUpload: (extension: PhotoExtension) => Promise<UploadGrant>;
  onChange: (field: F, blobName: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [busy, setBusy] = useState<F | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const madeURLs = useRef<string[]>([]);

  useEffect(() => onBusyChange(busy !== null), [busy, onBusyChange]);
  // Local previews stay valid while the form is on screen and are released with it.
  useEffect(() => {
    const urls = madeURLs.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const upload = async (field: F, file: File) => {
    setBusy(field);
    try {
      const photo = await preparePhoto(file);
      const grant = await requestUpload(photo.extension);
      await putPhotoBlob(grant.uploadURL, photo);
      const previewURL = URL.createObjectURL(photo.blob);
      madeURLs.current.push(previewURL);
      setPreviews((current) => ({ ...current, [grant.blobName]: previewURL }));
      onChange(field, grant.blobName);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải ảnh lên thất bại!', error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${fields.length}, minmax(0, 1fr))` },
      }}
      role="group"
      aria-label={groupLabel}
    >
      {fields.map((field) => {
        const blobName = values[field];
        return (
          <PhotoSlot
            key={field}
            label={labels[field]}
            url={blobName === '' ? undefined : (previews[blobName] ?? imageURLOf(blobName, links))}
            testId={{ photo: `${testIdPrefix}-photo-${field}`, file: `${testIdPrefix}-photo-file-${field}` }}
            hasPhoto={blobName !== ''}
            isUploading={busy === field}
            disabled={disabled || busy !== null}
            removable={removable}
            // The upload shows its own progress and failures.
            onFile={(file) => void upload(field, file)}
            onRemove={() => onChange(field, '')}
          />
        );
      })}
    </Box>
  );
}
