import { z } from 'zod';
import { isoDateTime } from './fields.js';

/**
 * The system log (/systemLog): the audit trail of every write, login and refusal worth keeping, newest
 * first (`GET /odata/SystemLog/GetLatestLogs?latest=50`, `GetLogsFromTo?from&to`, `GetUserLogs?userID`).
 */

export const systemLogEntity = z.object({
  logID: z.string(),
  at: isoDateTime(),
  userID: z.string().nullable(),
  username: z.string().nullable(),
  roleID: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entityID: z.string().nullable(),
  houseID: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type SystemLog = z.infer<typeof systemLogEntity>;

/** Spec §9: the latest 50 by default. */
export const DEFAULT_LATEST_LOGS = 50;
export const MAX_LATEST_LOGS = 500;
/** The longest period `GetLogsFromTo` reads at once. */
export const MAX_LOG_RANGE_DAYS = 366;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** `yyyy-mm-dd` that names a real day. */
function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const day = (name: string) =>
  z
    .string({ error: `Vui lòng chọn ngày ${name === 'from' ? 'bắt đầu (from)' : 'kết thúc (to)'}.` })
    .refine(isDay, { error: `Ngày ${name} phải có dạng yyyy-mm-dd.` });

/** `?latest=` (1–500). */
export const latestLogsQuerySchema = z.object({
  latest: z.coerce
    .number({ error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .int({ error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .min(1, { error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .max(MAX_LATEST_LOGS, { error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .default(DEFAULT_LATEST_LOGS),
});

/** `?from=yyyy-mm-dd&to=yyyy-mm-dd`: whole days in Vietnam, both included. */
export const logsFromToQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((range) => range.from <= range.to, {
    error: 'Ngày bắt đầu (from) phải trước hoặc bằng ngày kết thúc (to).',
    path: ['from'],
  })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= (MAX_LOG_RANGE_DAYS - 1) * 86_400_000, {
    error: `Chỉ xem được tối đa ${MAX_LOG_RANGE_DAYS} ngày một lần.`,
    path: ['to'],
  });
