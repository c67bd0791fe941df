import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import { useCallback, type FormEvent } from 'react';
import { DIALOG_FORM_SX, fieldErrorsFromBody, useFieldForm } from '../../components/fieldForm';
import { isNetworkFailure, isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { FormDialog, FormDialogActions, useEntitySave } from '../../components/crud';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { createRoom, revalidateRoomLists } from './roomsApi';
import {
  EMPTY_ROOM_FORM,
  ROOM_FORM_FIELDS,
  RoomFormFields,
  validateRoomForm,
  type RoomFormValues,
} from './roomForm';

export const ROOM_CREATED_TEXT = 'Tạo phòng mới thành công!';
export const ROOM_CREATE_NETWORK_FAILURE_TEXT = 'Tạo phòng thất bại! Vui lòng kiểm tra lại kết nối mạng.';

function CreateRoomForm({ houseID, onClose }: { houseID: string; onClose: () => void }) {
  const { isSaving: isSubmitting, save } = useEntitySave();
  const validate = useCallback(
    (values: RoomFormValues) => validateRoomForm(values, houseID).errors,
    [houseID],
  );
  const form = useFieldForm<(typeof ROOM_FORM_FIELDS)[number]>(EMPTY_ROOM_FORM, validate);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    form.touchAll();
    const { payload } = validateRoomForm(form.values, houseID);
    if (payload === null) return;
    const saved = await save(() => createRoom(houseID, payload), {
      successText: ROOM_CREATED_TEXT,
      failureText: 'Tạo phòng thất bại!',
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, ROOM_FORM_FIELDS)),
      onFailure: (error) => {
        if (isApiError(error) && error.status === 409 && /tên phòng/i.test(error.message)) {
          form.setServerErrors({ roomName: error.message });
        }
      },
      notifyFailure: (error) => {
        if (isSessionExpiry(error)) return;
        if (isNetworkFailure(error)) notify.error(ROOM_CREATE_NETWORK_FAILURE_TEXT);
        // A 400 reply: the API client already toasted each of its messages (spec section 8).
        else if (isApiError(error) && error.status === 400) return;
        else if (isApiError(error) && error.status === 409) notify.error(serverMessage(error));
        else notify.error(`Tạo phòng thất bại! ${serverMessage(error)}`);
      },
    });
    if (!saved) return;
    void revalidateRoomLists(houseID);
    onClose();
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label="Thêm phòng"
    >
      <DialogContent dividers>
        <RoomFormFields
          bind={form.bind}
          idPrefix="room-create"
          mode="create"
          disabled={isSubmitting}
          autoFocus
        />
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={isSubmitting}
        submitLabel="Tạo phòng"
        submitTestId="room-create-submit"
      />
    </Box>
  );
}

/** 'Thêm phòng': the create form in a dialog (full screen on phones). */
export function CreateRoomDialog({
  open,
  houseID,
  onClose,
}: {
  open: boolean;
  houseID: string;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Thêm phòng"
      titleId="room-create-title"
      testId="room-create-dialog"
    >
      <CreateRoomForm houseID={houseID} onClose={onClose} />
    </FormDialog>
  );
}
