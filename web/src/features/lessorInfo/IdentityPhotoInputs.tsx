import { LESSOR_FIELD_LABELS, type ImageLink } from '@nhatro/common';
import { IdentityPhotoPicker } from '../../components/IdentityPhotoPicker';
import { requestIdentityImageUpload } from './lessorInfoApi';

export const IDENTITY_PHOTO_FIELDS = ['citizenIDFrontImage', 'citizenIDBackImage'] as const;
export type IdentityPhotoField = (typeof IDENTITY_PHOTO_FIELDS)[number];

/** The two CCCD photos of the landlord's form, kept in the form until it is saved. */
export function IdentityPhotoInputs(props: {
  values: Record<IdentityPhotoField, string>;
  /** Read URLs of the photos already saved. */
  links: readonly ImageLink[];
  disabled: boolean;
  onChange: (field: IdentityPhotoField, blobName: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <IdentityPhotoPicker
      {...props}
      fields={IDENTITY_PHOTO_FIELDS}
      labels={LESSOR_FIELD_LABELS}
      groupLabel="Ảnh CCCD"
      testIdPrefix="lessor"
      requestUpload={requestIdentityImageUpload}
    />
  );
}
