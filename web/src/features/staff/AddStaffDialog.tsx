import Box from '@mui/material/Box';

import Checkbox from '@mui/material/Checkbox';

import FormControlLabel from '@mui/material/FormControlLabel';

import FormHelperText from '@mui/material/FormHelperText';

import TextField from '@mui/material/TextField';

import Typography from '@mui/material/Typography';

import { STAFF_MESSAGES, staffCreateSchema, type AddedStaff, type StaffCreateInput } from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import { FormDialog, DialogForm, useEntitySave } from '../../components/crud';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import type { HouseSummary } from '../../lib/session';
import { addStaff } from './staffApi';

const FIELDS = ['fullName', 'phoneNumber', 'username', 'email'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  fullName: 'Họ và tên',
  phoneNumber: 'Số điện thoại',
  username: 'Tên đăng nhập',
  email: 'Email (không bắt buộc)',
};

function validate(values: Values, houseIDs: readonly string[]) {
  return validateWithSchema<Field | 'houseIDs', StaffCreateInput>(staffCreateSchema, {
    fullName: values.fullName,
    phoneNumber: values.phoneNumber,
    username: values.username,
    ...(values.email.trim() === '' ? {} : { email: values.email }),
    houseIDs: [...houseIDs],
  });
}

/** 'Nhà trọ làm việc': the landlord's houses the member works in, and why the choice is refused. */
function HouseChecks({
  houses,
  chosen,
  toggle,
  isSaving,
  shownHousesError,
}: {
  houses: readonly HouseSummary[];
  chosen: ReadonlySet<string>;
  toggle: (houseID: string) => void;
  isSaving: boolean;
  shownHousesError: string | undefined;
}) {
  return (
    <>
      <Typography component="p" sx={{ fontWeight: 600 }} id="staff-houses-label">
        Nhà trọ làm việc
      </Typography>
      <Box
        role="group"
        aria-labelledby="staff-houses-label"
        data-testid="staff-houses"
        sx={{ display: 'grid' }}
      >
        {houses.map((house) => (
          <FormControlLabel
            key={house.houseID}
            control={
              <Checkbox
                checked={chosen.has(house.houseID)}
                onChange={() => toggle(house.houseID)}
                slotProps={{ input: { 'data-testid': `staff-house-${house.houseID}` } as object }}
              />
            }
            label={house.houseName}
            disabled={isSaving}
            sx={{ minHeight: 44 }}
          />
        ))}
      </Box>
      {shownHousesError !== undefined && (
        <FormHelperText error data-testid="staff-houses-error">
          {shownHousesError}
        </FormHelperText>
      )}
    </>
  );
}

function AddStaffForm({
  houses,
  initialHouseID,
  onClose,
  onAdded,
}: {
  houses: readonly HouseSummary[];
  initialHouseID: string | null;
  onClose: () => void;
  onAdded: (staff: AddedStaff) => void;
}) {
  const { isSaving, save } = useEntitySave();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    new Set(initialHouseID === null ? [] : [initialHouseID]),
  );
  const [submitted, setSubmitted] = useState(false);
  const [housesError, setHousesError] = useState<string | undefined>();
  // The houses are checked apart (their own state): the text fields' errors only.
  const check = useCallback((values: Values) => {
    const { errors } = validate(values, []);
    return Object.fromEntries(FIELDS.flatMap((field) => (errors[field] ? [[field, errors[field]]] : [])));
  }, []);
  const form = useFieldForm<Field>({ fullName: '', phoneNumber: '', username: '', email: '' }, check);
  const shownHousesError =
    housesError ?? (submitted && chosen.size === 0 ? STAFF_MESSAGES.housesRequired : undefined);

  const toggle = (houseID: string) => {
    setHousesError(undefined);
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(houseID)) next.delete(houseID);
      else next.add(houseID);
      return next;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    setSubmitted(true);
    const { data } = validate(form.values, [...chosen]);
    if (data === null || chosen.size === 0) return;
    let added: AddedStaff | undefined;
    const saved = await save(
      async () => {
        added = await addStaff(data);
      },
      {
        successText: STAFF_MESSAGES.added,
        failureText: STAFF_MESSAGES.addFailed,
        onBadRequest: (body) => {
          form.setServerErrors(fieldErrorsFromBody(body, FIELDS));
          setHousesError(fieldErrorsFromBody(body, ['houseIDs'] as const).houseIDs);
        },
      },
    );
    if (saved && added !== undefined) onAdded(added);
  };

  const text = (
    field: Field,
    extra: { autoComplete?: string; inputMode?: 'tel' | 'email'; helper?: string } = {},
  ) => {
    const { helperText, ...binding } = form.bind(field);
    return (
      <TextField
        {...binding}
        id={`staff-${field}`}
        name={field}
        label={LABELS[field]}
        required={field !== 'email'}
        fullWidth
        disabled={isSaving}
        autoComplete={extra.autoComplete ?? 'off'}
        helperText={reservedHelperText(helperText ?? extra.helper)}
        slotProps={{
          htmlInput: {
            'data-testid': `staff-${field}`,
            inputMode: extra.inputMode,
            ...(field === 'username' ? { autoCapitalize: 'none', spellCheck: false } : {}),
          },
        }}
      />
    );
  };

  return (
    <DialogForm
      label="Thêm nhân viên"
      onSubmit={submit}
      actions={{
        onCancel: onClose,
        busy: isSaving,
        submitLabel: 'Thêm nhân viên',
        submitTestId: 'staff-submit',
      }}
    >
      <Box sx={{ display: 'grid', gap: 1 }}>
        {text('fullName', { autoComplete: 'name' })}
        {text('phoneNumber', { autoComplete: 'tel', inputMode: 'tel' })}
        {text('username', {
          helper: 'Ví dụ: số điện thoại của nhân viên, hoặc tên không dấu như "mai.tran".',
        })}
        {text('email', { autoComplete: 'email', inputMode: 'email' })}
        <HouseChecks
          houses={houses}
          chosen={chosen}
          toggle={toggle}
          isSaving={isSaving}
          shownHousesError={shownHousesError}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nhân viên nhận một mật khẩu dùng một lần (chỉ hiện một lần sau khi thêm) và đặt mật khẩu riêng ở lần
          đăng nhập đầu tiên.
        </Typography>
      </Box>
    </DialogForm>
  );
}

/** 'Thêm nhân viên': who they are, their username, the landlord's houses they work in. */
export function AddStaffDialog({
  open,
  houses,
  initialHouseID,
  onClose,
  onAdded,
}: {
  open: boolean;
  houses: readonly HouseSummary[];
  initialHouseID: string | null;
  onClose: () => void;
  onAdded: (staff: AddedStaff) => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Thêm nhân viên"
      titleId="add-staff-title"
      testId="add-staff-dialog"
    >
      <AddStaffForm houses={houses} initialHouseID={initialHouseID} onClose={onClose} onAdded={onAdded} />
    </FormDialog>
  );
}
