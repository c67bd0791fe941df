import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_MESSAGES,
  notificationCreateSchema,
  type NotificationCreateInput,
  type Room,
} from '@nhatro/common';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { FormDialog, FormDialogActions, useEntitySave } from '../../components/crud';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { createNotification } from '../../lib/api/resources/notifications';

const TEXT_FIELDS = ['title', 'body'] as const;
type NoticeField = (typeof TEXT_FIELDS)[number];
type Audience = 'house' | 'rooms';

const ROOMS_REQUIRED = 'Hãy chọn ít nhất một phòng.';

function validate(
  values: Record<NoticeField, string>,
  houseID: string,
  roomIDs: readonly string[] | undefined,
) {
  return validateWithSchema<NoticeField, NotificationCreateInput>(notificationCreateSchema, {
    houseID,
    title: values.title,
    body: values.body,
    ...(roomIDs ? { roomIDs: [...roomIDs] } : {}),
  });
}

/** 'Gửi đến': every tenant of the house, or those of the rooms ticked. */
function AudienceChoice({
  audience,
  setAudience,
  rooms,
  chosen,
  toggle,
  isSaving,
}: {
  audience: Audience;
  setAudience: (audience: Audience) => void;
  rooms: readonly Room[];
  chosen: ReadonlySet<string>;
  toggle: (roomID: string) => void;
  isSaving: boolean;
}) {
  return (
    <>
      <Typography component="p" sx={{ fontWeight: 600 }} id="notification-audience-label">
        Gửi đến
      </Typography>
      <RadioGroup
        name="audience"
        value={audience}
        onChange={(event) => setAudience(event.target.value === 'rooms' ? 'rooms' : 'house')}
        aria-labelledby="notification-audience-label"
      >
        <FormControlLabel
          value="house"
          control={<Radio />}
          label="Tất cả người thuê trong nhà trọ"
          disabled={isSaving}
          data-testid="notification-audience-house"
          sx={{ minHeight: 44 }}
        />
        <FormControlLabel
          value="rooms"
          control={<Radio />}
          label="Chọn phòng"
          disabled={isSaving}
          data-testid="notification-audience-rooms"
          sx={{ minHeight: 44 }}
        />
      </RadioGroup>
      {audience === 'rooms' && (
        <Box
          role="group"
          aria-label="Các phòng nhận thông báo"
          data-testid="notification-rooms"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
            columnGap: 1,
          }}
        >
          {rooms.map((room) => (
            <FormControlLabel
              key={room.roomID}
              control={
                <Checkbox
                  checked={chosen.has(room.roomID)}
                  onChange={() => toggle(room.roomID)}
                  slotProps={{ input: { 'data-testid': `notification-room-${room.roomName}` } as object }}
                />
              }
              label={`Phòng ${room.roomName}`}
              disabled={isSaving}
              sx={{ minHeight: 44 }}
            />
          ))}
        </Box>
      )}
    </>
  );
}

function NotificationForm({
  houseID,
  rooms,
  onClose,
}: {
  houseID: string;
  rooms: readonly Room[];
  onClose: () => void;
}) {
  const { isSaving, save } = useEntitySave();
  const [audience, setAudience] = useState<Audience>('house');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const check = useCallback(
    (values: Record<NoticeField, string>) => validate(values, houseID, undefined).errors,
    [houseID],
  );
  const form = useFieldForm<NoticeField>({ title: '', body: '' }, check);
  const roomsError = audience === 'rooms' && chosen.size === 0 && submitted ? ROOMS_REQUIRED : undefined;

  const toggle = (roomID: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(roomID)) next.delete(roomID);
      else next.add(roomID);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    setSubmitted(true);
    if (audience === 'rooms' && chosen.size === 0) return;
    const { data } = validate(form.values, houseID, audience === 'rooms' ? [...chosen] : undefined);
    if (data === null) return;
    const saved = await save(() => createNotification(data), {
      successText: NOTIFICATION_MESSAGES.created,
      failureText: `${NOTIFICATION_MESSAGES.createFailed}.`,
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, TEXT_FIELDS)),
    });
    if (saved) onClose();
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Tạo thông báo"
    >
      <DialogContent dividers sx={{ display: 'grid', gap: 1 }}>
        <TextField
          id="notification-title"
          name="title"
          label="Tiêu đề"
          {...form.bind('title')}
          helperText={reservedHelperText(form.visibleError('title'))}
          required
          fullWidth
          autoComplete="off"
          disabled={isSaving}
          slotProps={{ htmlInput: { 'data-testid': 'notification-title', maxLength: 150 } }}
        />
        <TextField
          id="notification-body"
          name="body"
          label="Nội dung"
          {...form.bind('body')}
          helperText={reservedHelperText(form.visibleError('body'))}
          required
          fullWidth
          multiline
          minRows={4}
          disabled={isSaving}
          slotProps={{ htmlInput: { 'data-testid': 'notification-body', maxLength: 2000 } }}
        />
        <AudienceChoice
          audience={audience}
          setAudience={setAudience}
          rooms={rooms}
          chosen={chosen}
          toggle={toggle}
          isSaving={isSaving}
        />
        {roomsError !== undefined && (
          <FormHelperText error data-testid="notification-rooms-error">
            {roomsError}
          </FormHelperText>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Người thuê đọc thông báo trong ứng dụng và nhận qua Zalo, email hoặc SMS (nếu có số điện thoại,
          email).
        </Typography>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={isSaving}
        submitLabel="Gửi thông báo"
        submitTestId="notification-submit"
      />
    </Box>
  );
}

/** 'Tạo thông báo': a notice to every tenant of the house, or to those of the chosen rooms. */
export function CreateNotificationDialog({
  open,
  houseID,
  rooms,
  onClose,
}: {
  open: boolean;
  houseID: string;
  rooms: readonly Room[];
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Tạo thông báo"
      titleId={titleId}
      testId="notification-dialog"
    >
      <NotificationForm houseID={houseID} rooms={rooms} onClose={onClose} />
    </FormDialog>
  );
}
