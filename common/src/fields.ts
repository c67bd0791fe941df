import { z } from 'zod';

/** Field builders shared by the payload and entity schemas of every slice. */

export const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const money = (label: string) =>
  z
    .number({ error: `${label} phải là số.` })
    .int({ error: `${label} phải là số nguyên (đồng).` })
    .min(0, { error: `${label} không được âm.` })
    .max(1_000_000_000, { error: `${label} quá lớn.` });

export const meterIndex = (label: string) =>
  z
    .number({ error: `${label} phải là số.` })
    .min(0, { error: `${label} không được âm.` })
    .max(100_000_000, { error: `${label} quá lớn.` });

/** Every id a client can send: UUIDs and the shorter ids of imported data. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;
export const idField = (message: string) =>
  z.string({ error: message }).regex(ID_PATTERN, { error: message });

export function isValidID(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** Entity fields (reply shapes): dates are ISO strings, `date` without time, `datetime` with. */
export const isoDateTime = () => z.iso.datetime({ offset: true });
export const isoDate = () => z.iso.date();

/** A month as `yyyy-mm`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = (label: string) =>
  z
    .string({ error: `${label} không hợp lệ (định dạng yyyy-mm).` })
    .regex(MONTH_PATTERN, { error: `${label} không hợp lệ (định dạng yyyy-mm).` });
