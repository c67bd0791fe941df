import {
  LESSEE_MESSAGES,
  lesseeCreateSchema,
  lesseeUpdateSchema,
  type LesseeCreateInput,
  type LesseeUpdateInput,
} from '@nhatro/common';
import { validateWithSchema, type FieldErrors } from '../../components/fieldForm';
import type { Lessee } from './lesseesApi';
import { IDENTITY_IMAGE_FIELDS } from './IdentityPhotos';
import { LESSEE_FIELD_LABELS } from './lesseeLabels';

/** Free-text fields of an occupant (sent trimmed; an empty one is left out when creating). */
export const LESSEE_TEXT_FIELDS = [
  'occupantName',
  'phoneNumber',
  'citizenID',
  'rfidCardID',
  'placeOfIssue',
  'hometown',
  'currentJob',
  'workPlace',
  'ethnicity',
  'nationality',
  'temporaryResidence',
  'permanentResidence',
  'residentialReason',
  'residentialAddress',
  'notes',
] as const;

/** yyyy-mm-dd fields (native date inputs). */
export const LESSEE_DATE_FIELDS = [
  'dateOfBirth',
  'dateOfIssue',
  'residentialStartDate',
  'residentialEndDate',
] as const;

export const LESSEE_FORM_FIELDS = [
  'roomID',
  'gender',
  'status',
  'isRepresentative',
  ...LESSEE_TEXT_FIELDS,
  ...LESSEE_DATE_FIELDS,
  ...IDENTITY_IMAGE_FIELDS,
] as const;

export type LesseeFormField = (typeof LESSEE_FORM_FIELDS)[number];
export type LesseeFormValues = Record<LesseeFormField, string>;

/** What the form writes to: a room chosen in the form, a given contract, or an existing occupant. */
export type LesseeFormTarget =
  | { kind: 'chooseRoom'; presetRoomID?: string }
  | { kind: 'contract'; contractID: string }
  | { kind: 'edit'; lessee: Lessee };

const NO_ROOM = 'Cần chọn phòng hoặc hợp đồng của người thuê.';

export function lesseeFormValues(target: LesseeFormTarget): LesseeFormValues {
  const values = Object.fromEntries(LESSEE_FORM_FIELDS.map((field) => [field, ''])) as LesseeFormValues;
  if (target.kind === 'chooseRoom') values.roomID = target.presetRoomID ?? '';
  if (target.kind !== 'edit') {
    values.status = '1';
    values.isRepresentative = 'false';
    return values;
  }
  const { lessee } = target;
  for (const field of [...LESSEE_TEXT_FIELDS, ...LESSEE_DATE_FIELDS, ...IDENTITY_IMAGE_FIELDS]) {
    values[field] = lessee[field] ?? '';
  }
  values.roomID = lessee.roomID ?? '';
  values.gender = String(lessee.gender);
  values.status = String(lessee.status);
  values.isRepresentative = lessee.isRepresentative ? 'true' : 'false';
  return values;
}

/** The dates the server checks against each other and against today (Vietnam time), same messages. */
function dateErrors(values: LesseeFormValues, today: string): FieldErrors<LesseeFormField> {
  const errors: FieldErrors<LesseeFormField> = {};
  const { dateOfBirth: birth, dateOfIssue: issue } = values;
  const { residentialStartDate: start, residentialEndDate: end } = values;
  if (birth !== '' && birth > today) errors.dateOfBirth = LESSEE_MESSAGES.dateInFuture('Ngày sinh');
  if (issue !== '' && issue > today) errors.dateOfIssue = LESSEE_MESSAGES.dateInFuture('Ngày cấp');
  else if (issue !== '' && birth !== '' && issue < birth)
    errors.dateOfIssue = LESSEE_MESSAGES.issueBeforeBirth;
  if (start !== '' && end !== '' && end < start) errors.residentialEndDate = LESSEE_MESSAGES.residenceOrder;
  return errors;
}

/** The filled-in fields as the API reads them (empty optional fields left out). */
function schemaInput(values: LesseeFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { occupantName: values.occupantName };
  for (const field of LESSEE_TEXT_FIELDS) if (values[field].trim() !== '') input[field] = values[field];
  for (const field of [...LESSEE_DATE_FIELDS, ...IDENTITY_IMAGE_FIELDS]) {
    if (values[field] !== '') input[field] = values[field];
  }
  if (values.gender !== '') input.gender = Number(values.gender);
  return input;
}

const REQUIRED: Partial<Record<LesseeFormField, string>> = { gender: 'Giới tính' };

type Validated =
  | { errors: FieldErrors<LesseeFormField>; kind: 'create'; payload: LesseeCreateInput | null }
  | { errors: FieldErrors<LesseeFormField>; kind: 'update'; payload: LesseeUpdateInput | null };

/**
 * Validates with the API's own schemas (`lesseeCreateSchema`, `lesseeUpdateSchema`) and date rules,
 * so every message is the server's. An edit sends only what changed.
 */
export function validateLesseeForm(
  values: LesseeFormValues,
  target: LesseeFormTarget,
  today: string,
): Validated {
  const input = schemaInput(values);
  if (target.kind === 'edit') {
    const { errors, data } = validateWithSchema<LesseeFormField, LesseeUpdateInput>(
      lesseeUpdateSchema,
      { ...input, status: Number(values.status) },
      REQUIRED,
    );
    const all = { ...errors, ...dateErrors(values, today) };
    const { lessee } = target;
    for (const field of LESSEE_DATE_FIELDS) {
      if (values[field] === '' && (lessee[field] ?? '') !== '' && all[field] === undefined) {
        all[field] =
          `Không thể để trống ${LESSEE_FIELD_LABELS[field].toLowerCase()} đã lưu; hãy chọn một ngày.`;
      }
    }
    if (data === null || Object.keys(all).length > 0) return { errors: all, kind: 'update', payload: null };
    return { errors: all, kind: 'update', payload: changesOf(values, lessee) };
  }
  const placement =
    target.kind === 'contract'
      ? { contractID: target.contractID }
      : values.roomID === ''
        ? {}
        : { roomID: values.roomID };
  const { errors, data } = validateWithSchema<LesseeFormField, LesseeCreateInput>(
    lesseeCreateSchema,
    { ...placement, ...input, ...(values.isRepresentative === 'true' ? { isRepresentative: true } : {}) },
    REQUIRED,
  );
  const all = { ...errors, ...dateErrors(values, today) };
  if (target.kind === 'chooseRoom' && values.roomID === '') all.roomID = NO_ROOM;
  return { errors: all, kind: 'create', payload: Object.keys(all).length > 0 ? null : data };
}

/** The PATCH body of an edit: the fields whose value changed (an emptied text clears it). */
function changesOf(values: LesseeFormValues, lessee: Lessee): LesseeUpdateInput {
  const changes: Record<string, unknown> = {};
  for (const field of LESSEE_TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== (lessee[field] ?? '')) changes[field] = value;
  }
  for (const field of [...LESSEE_DATE_FIELDS, ...IDENTITY_IMAGE_FIELDS]) {
    if (values[field] !== (lessee[field] ?? '')) changes[field] = values[field];
  }
  if (Number(values.gender) !== lessee.gender) changes.gender = Number(values.gender);
  if (Number(values.status) !== lessee.status) changes.status = Number(values.status);
  if (values.isRepresentative === 'true' && !lessee.isRepresentative) changes.isRepresentative = true;
  return changes as LesseeUpdateInput;
}
