import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { houseCreateSchema, type House, type HouseCreateInput } from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import { useEntitySave } from '../../components/crud';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { FormDialog, FormDialogActions } from '../../components/FormDialog';
import { apiRequest } from '../../lib/api';

export const ADD_HOUSE_MESSAGES = {
  added: 'Thêm nhà trọ thành công!',
  failed: 'Thêm nhà trọ thất bại!',
} as const;

const FIELDS = ['houseName', 'houseAddress'] as const;
type HouseField = (typeof FIELDS)[number];

function validate(values: Record<HouseField, string>) {
  return validateWithSchema<HouseField, HouseCreateInput>(houseCreateSchema, values);
}

/** `POST /odata/House`: a landlord's new house, with the two metered fees every house starts with. */
function createHouse(input: HouseCreateInput): Promise<House> {
  return apiRequest<House>('/odata/House', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 403, 409],
  });
}

function AddHouseForm({ onClose, onAdded }: { onClose: () => void; onAdded: (house: House) => void }) {
  const { isSaving, save } = useEntitySave();
  const check = useCallback((values: Record<HouseField, string>) => validate(values).errors, []);
  const form = useFieldForm<HouseField>({ houseName: '', houseAddress: '' }, check);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) return;
    let added: House | undefined;
    const saved = await save(
      async () => {
        added = await createHouse(data);
      },
      {
        successText: ADD_HOUSE_MESSAGES.added,
        failureText: ADD_HOUSE_MESSAGES.failed,
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
      },
    );
    if (saved && added) onAdded(added);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} style={DIALOG_FORM_SX}>
      <DialogContent sx={{ display: 'grid', gap: 1, pt: 1 }}>
        <TextField
          id="house-create-houseName"
          label="Tên nhà trọ"
          {...form.bind('houseName')}
          helperText={reservedHelperText(form.visibleError('houseName'))}
          required
          fullWidth
          autoFocus
          disabled={isSaving}
          slotProps={{ htmlInput: { 'data-testid': 'house-create-houseName', maxLength: 100 } }}
        />
        <TextField
          id="house-create-houseAddress"
          label="Địa chỉ"
          {...form.bind('houseAddress')}
          helperText={reservedHelperText(form.visibleError('houseAddress'))}
          required
          fullWidth
          multiline
          minRows={2}
          disabled={isSaving}
          slotProps={{ htmlInput: { 'data-testid': 'house-create-houseAddress', maxLength: 300 } }}
        />
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={isSaving}
        submitLabel="Thêm nhà trọ"
        submitTestId="house-create-submit"
      />
    </form>
  );
}

/**
 * 'Thêm nhà trọ' on the house list: a landlord with more than the house of their registration adds one
 * here (the spec shows no screen for it; houses need no room quota, their rooms do).
 */
export function AddHouseDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (house: House) => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Thêm nhà trọ"
      titleId="house-create-title"
      testId="house-create-dialog"
    >
      <AddHouseForm onClose={onClose} onAdded={onAdded} />
    </FormDialog>
  );
}
