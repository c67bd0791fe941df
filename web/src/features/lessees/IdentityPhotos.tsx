import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { IMAGE_MAX_BYTES, type ImageLink } from '@nhatro/common';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { imageToPng } from '../../components/imageToPng';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { notify } from '../../lib/toast';
import { putImageBlob, requestIdentityImageUpload } from './lesseeApi';
import { LESSEE_FIELD_LABELS } from './lesseeLabels';

export const IDENTITY_IMAGE_FIELDS = ['citizenIDFrontImage', 'citizenIDBackImage', 'portraitImage'] as const;
export type IdentityImageField = (typeof IDENTITY_IMAGE_FIELDS)[number];

/** Where each photo can be seen: a read URL the server gave, or the local copy just uploaded. */
export function imageURLOf(blobName: string, links: readonly ImageLink[] | undefined): string | undefined {
  return links?.find((link) => link.blobName === blobName)?.url;
}

/** One photo of the identity papers, shown full size in a new tab when tapped. */
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

/**
 * The three identity photos of the lessee form: each is converted to PNG in the browser, uploaded
 * straight to blob storage with a create-only SAS, and its blob name kept in the form.
 */
export function IdentityPhotoFields({
  houseID,
  values,
  links,
  disabled,
  onChange,
  onBusyChange,
}: {
  houseID: string;
  values: Record<IdentityImageField, string>;
  /** Read URLs of the photos already saved on the lessee. */
  links: readonly ImageLink[] | undefined;
  disabled: boolean;
  onChange: (field: IdentityImageField, blobName: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const inputs = useRef<Partial<Record<IdentityImageField, HTMLInputElement | null>>>({});
  const [busy, setBusy] = useState<IdentityImageField | null>(null);
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

  const upload = async (field: IdentityImageField, file: File) => {
    setBusy(field);
    try {
      const png = await imageToPng(file);
      if (png.size > IMAGE_MAX_BYTES) {
        throw new Error(`Ảnh quá lớn sau khi chuyển sang PNG (tối đa ${IMAGE_MAX_BYTES / 1024 / 1024} MB).`);
      }
      const grant = await requestIdentityImageUpload(houseID);
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

  const choose = (field: IdentityImageField) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(field, file);
  };

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      role="group"
      aria-label="Ảnh giấy tờ tùy thân"
    >
      {IDENTITY_IMAGE_FIELDS.map((field) => {
        const blobName = values[field];
        const url = blobName === '' ? undefined : (previews[blobName] ?? imageURLOf(blobName, links));
        const label = LESSEE_FIELD_LABELS[field];
        return (
          <Box key={field} sx={{ minWidth: 0 }}>
            <IdentityPhoto label={label} url={url} testId={`lessee-photo-${field}`} />
            {busy === field && (
              <LinearProgress sx={{ mt: 0.5 }} aria-label={`Đang tải ${label.toLowerCase()}`} />
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
              <Button
                size="small"
                startIcon={<AddAPhotoOutlined />}
                onClick={() => inputs.current[field]?.click()}
                disabled={disabled || busy !== null}
                aria-label={`${blobName === '' ? 'Chọn' : 'Đổi'} ảnh ${label.toLowerCase()}`}
              >
                {blobName === '' ? 'Chọn ảnh' : 'Đổi ảnh'}
              </Button>
              {blobName !== '' && (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutline />}
                  onClick={() => onChange(field, '')}
                  disabled={disabled || busy !== null}
                  aria-label={`Bỏ ảnh ${label.toLowerCase()}`}
                >
                  Bỏ ảnh
                </Button>
              )}
            </Box>
            <input
              ref={(element) => {
                inputs.current[field] = element;
              }}
              type="file"
              accept="image/*"
              hidden
              onChange={choose(field)}
              aria-label={label}
              data-testid={`lessee-photo-file-${field}`}
            />
          </Box>
        );
      })}
    </Box>
  );
}
