import type { ImageLink } from '@nhatro/common';
import { IdentityPhotoPicker } from '../../components/IdentityPhotoPicker';
import { requestIdentityImageUpload } from './lesseesApi';
import { LESSEE_FIELD_LABELS } from './lesseeLabels';

export const IDENTITY_IMAGE_FIELDS = ['citizenIDFrontImage', 'citizenIDBackImage', 'portraitImage'] as const;
export type IdentityImageField = (typeof IDENTITY_IMAGE_FIELDS)[number];

/** The three identity photos of the lessee form, each optional, kept in the form until it is saved. */
export function IdentityPhotoFields({
  houseID,
  ...props
}: {
  houseID: string;
  values: Record<IdentityImageField, string>;
  /** Read URLs of the photos already saved on the lessee. */
  links: readonly ImageLink[] | undefined;
  disabled: boolean;
  onChange: (field: IdentityImageField, blobName: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <IdentityPhotoPicker
      {...props}
      fields={IDENTITY_IMAGE_FIELDS}
      labels={LESSEE_FIELD_LABELS}
      groupLabel="Ảnh giấy tờ tùy thân"
      testIdPrefix="lessee"
      removable
      requestUpload={(extension) => requestIdentityImageUpload(houseID, extension)}
    />
  );
}
