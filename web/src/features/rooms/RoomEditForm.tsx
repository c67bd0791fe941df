import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { fieldErrorsFromBody, useFieldForm } from '../../components/fieldForm';
import { notifyFailure } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { revalidateRoomLists, roomKeys, updateRoom } from './roomApi';
import { RoomFormFields, roomFormValues, validateRoomForm } from './roomForm';
import { ROOM_FORM_FIELDS, type RoomFormField, type RoomFormValues, type RoomWithImages } from './roomTypes';

export const ROOM_UPDATED_TEXT = 'Cập nhật phòng thành công!';

/** Edit form of /rooms/{id}; read-only for a role without room update rights. */
export function RoomEditForm({ room, canEdit }: { room: RoomWithImages; canEdit: boolean }) {
  const { mutate } = useSWRConfig();
  const [isSaving, setIsSaving] = useState(false);
  const initialValues = roomFormValues(room);
  const validate = useCallback(
    (values: RoomFormValues) => validateRoomForm(values, room.houseID).errors,
    [room.houseID],
  );
  const form = useFieldForm<RoomFormField>(initialValues, validate);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || !canEdit) return;
    form.touchAll();
    const { payload } = validateRoomForm(form.values, room.houseID);
    if (payload === null) return;
    setIsSaving(true);
    try {
      const updated = await updateRoom(room.roomID, payload);
      await mutate(roomKeys.detail(room.roomID), { ...room, ...updated }, { revalidate: true });
      form.reset(roomFormValues({ ...room, ...updated }));
      notify.success(ROOM_UPDATED_TEXT);
      void revalidateRoomLists(room.houseID);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        form.setServerErrors(fieldErrorsFromBody(error.body, ROOM_FORM_FIELDS));
      }
      if (isApiError(error) && error.status === 409 && /tên phòng/i.test(error.message)) {
        form.setServerErrors({ roomName: error.message });
      }
      notifyFailure('Cập nhật phòng thất bại!', error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label="Sửa thông tin phòng"
    >
      <RoomFormFields bind={form.bind} idPrefix="room-edit" mode="edit" disabled={!canEdit || isSaving} />
      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button
            onClick={() => form.reset(roomFormValues(room))}
            disabled={!form.isDirty || isSaving}
            data-testid="room-edit-reset"
          >
            Hoàn tác
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSaving}
            disabled={!form.isDirty}
            data-testid="room-edit-submit"
          >
            Lưu thay đổi
          </Button>
        </Box>
      )}
    </Box>
  );
}
