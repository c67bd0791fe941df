import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useCallback, useState, type ReactNode } from 'react';
import { DIALOG_FORM_SX } from '../../components/fieldForm';
import { CitizenIdScannerDialog } from '../../components/CitizenIdScanner';
import { IDENTITY_IMAGE_FIELDS, IdentityPhotoFields, type IdentityImageField } from './IdentityPhotos';
import {
  CardScanPrompt,
  LesseeDateField,
  LesseeSelect,
  LesseeTextField,
  RepresentativeSwitch,
  ResidenceSection,
  RoomChoice,
  Section,
  type LesseeFieldsForm,
} from './LesseeFields';
import type { Lessee, LesseeDetail } from './lesseesApi';
import type { LesseeFormTarget } from './lesseeValidation';
import { useLesseeForm } from './useLesseeForm';

/** Where the buttons go: at the bottom of a dialog, or kept in sight under a page's form. */
function FormFrame({
  frame,
  body,
  actions,
}: {
  frame: 'page' | 'dialog';
  body: ReactNode;
  actions: ReactNode;
}) {
  if (frame === 'dialog') {
    return (
      <>
        <DialogContent dividers>{body}</DialogContent>
        <DialogActions>{actions}</DialogActions>
      </>
    );
  }
  return (
    <>
      {body}
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          gap: 1,
          mt: 3,
          position: 'sticky',
          bottom: 0,
          py: 1.5,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: 1,
        }}
      >
        {actions}
      </Box>
    </>
  );
}

/**
 * The occupant form, shared by the create page, the 'Thêm người ở' dialog and the edit dialog: every
 * field of spec section 3, the identity photos and 'Quét mã QR CCCD', validated with the API's schemas.
 */
export function LesseeForm({
  target,
  houseID,
  frame,
  onSaved,
  onCancel,
}: {
  target: LesseeFormTarget;
  houseID: string;
  /** In a dialog the fields scroll and the buttons stay at the bottom. */
  frame: 'page' | 'dialog';
  onSaved: (lessee: Lessee) => void;
  onCancel: () => void;
}) {
  const isEdit = target.kind === 'edit';
  const { form, isSaving, isUploading, setIsUploading, scannedName, applyCard, handleSubmit } = useLesseeForm(
    target,
    onSaved,
  );
  const [isScanning, setIsScanning] = useState(false);
  const fields: LesseeFieldsForm = { bind: form.bind, bindValue: form.bindValue, disabled: isSaving };
  const photoValues = Object.fromEntries(
    IDENTITY_IMAGE_FIELDS.map((field) => [field, form.values[field]]),
  ) as Record<IdentityImageField, string>;
  const { setValue } = form;
  const setPhoto = useCallback(
    (field: IdentityImageField, blobName: string) => setValue(field, blobName),
    [setValue],
  );

  const body = (
    <Box sx={{ display: 'grid', gap: 3, pt: frame === 'dialog' ? 1 : 0 }}>
      <CardScanPrompt disabled={isSaving} scannedName={scannedName} onScan={() => setIsScanning(true)} />
      <Section title="Thông tin cá nhân">
        {target.kind === 'chooseRoom' && (
          <RoomChoice houseID={houseID} field={form.bind('roomID')} disabled={isSaving} />
        )}
        <LesseeTextField form={fields} field="occupantName" full />
        <LesseeSelect form={fields} field="gender" />
        <LesseeDateField form={fields} field="dateOfBirth" />
        <LesseeTextField form={fields} field="phoneNumber" type="tel" numeric />
        {isEdit && <LesseeSelect form={fields} field="status" />}
        <LesseeTextField form={fields} field="ethnicity" />
        <LesseeTextField form={fields} field="nationality" />
        <LesseeTextField form={fields} field="hometown" full />
        <LesseeTextField form={fields} field="currentJob" />
        <LesseeTextField form={fields} field="workPlace" />
        <RepresentativeSwitch
          isCurrentRepresentative={target.kind === 'edit' && target.lessee.isRepresentative}
          checked={form.values.isRepresentative === 'true'}
          disabled={isSaving}
          onChange={(checked) => form.setValue('isRepresentative', checked ? 'true' : 'false')}
        />
      </Section>
      <Section title="Giấy tờ tùy thân">
        <LesseeTextField form={fields} field="citizenID" numeric />
        <LesseeTextField form={fields} field="rfidCardID" />
        <LesseeDateField form={fields} field="dateOfIssue" />
        <LesseeTextField form={fields} field="placeOfIssue" />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <IdentityPhotoFields
            houseID={target.kind === 'edit' ? target.lessee.houseID : houseID}
            values={photoValues}
            links={target.kind === 'edit' ? (target.lessee as LesseeDetail).imageURLs : undefined}
            disabled={isSaving}
            onChange={setPhoto}
            onBusyChange={setIsUploading}
          />
        </Box>
      </Section>
      <ResidenceSection form={fields} />
    </Box>
  );

  const actions = (
    <>
      <Button onClick={onCancel} disabled={isSaving}>
        Hủy
      </Button>
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        disabled={isUploading || (isEdit && !form.isDirty)}
        data-testid="lessee-submit"
      >
        {isEdit ? 'Lưu thay đổi' : 'Thêm người thuê'}
      </Button>
    </>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={isEdit ? 'Sửa thông tin người thuê' : 'Thêm người thuê'}
      sx={frame === 'dialog' ? DIALOG_FORM_SX : undefined}
    >
      <FormFrame frame={frame} body={body} actions={actions} />
      <CitizenIdScannerDialog
        open={isScanning}
        onClose={() => setIsScanning(false)}
        onScanned={(card) => {
          setIsScanning(false);
          applyCard(card);
        }}
      />
    </Box>
  );
}
