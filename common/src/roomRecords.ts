import { z } from 'zod';
import { isoDateTime } from './fields.js';

/** Filled by the issues and notifications slices; declared so room expands answer now. */
export const issueEntity = z.object({
  issueID: z.string(),
  status: z.number(),
  createdOn: isoDateTime(),
  createdBy: z.string(),
});
export type Issue = z.infer<typeof issueEntity>;

export const notificationEntity = z.object({
  notificationID: z.string(),
  title: z.string(),
  createdOn: isoDateTime(),
});
export type Notification = z.infer<typeof notificationEntity>;
