import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { fieldErrorsFromBody, useFieldForm } from '../../components/fieldForm';
import { useEntitySave } from '../../components/crud';
import { isApiError } from '../../lib/api';
import { revalidateRoomLists, roomKeys, updateRoom } from './roomsApi';
import type { RoomWithImages } from './roomsApi';
import {
  ROOM_FORM_FIELDS,
  RoomFormFields,
  roomFormValues,
  validateRoomForm,
  type RoomFormField,
  type RoomFormValues,
} from './roomForm';

export const ROOM_UPDATED_TEXT = 'Cập nhật phòng thành công!';

/** Edit form of /rooms/{id}; read-only for a role without room update rights. */
export function RoomEditForm({ room, canEdit }: { room: RoomWithImages; canEdit: boolean }) {
  const { mutate } = useSWRConfig();
  const { isSaving, save } = useEntitySave({ resetAfterSuccess: true });
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
    const saved = await save(
      async () => {
        const updated = await updateRoom(room.roomID, payload);
        await mutate(roomKeys.detail(room.roomID), { ...room, ...updated }, { revalidate: true });
        form.reset(roomFormValues({ ...room, ...updated }));
      },
      {
        successText: ROOM_UPDATED_TEXT,
        failureText: 'Cập nhật phòng thất bại!',
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, ROOM_FORM_FIELDS)),
        onFailure: (error) => {
          if (isApiError(error) && error.status === 409 && /tên phòng/i.test(error.message)) {
            form.setServerErrors({ roomName: error.message });
          }
        },
      },
    );
    if (saved) void revalidateRoomLists(room.houseID);
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
