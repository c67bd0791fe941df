import { z } from 'zod';
import { isoDateTime } from './fields.js';

/** Filled by the notifications slice; declared so room expands answer now. */
export const notificationEntity = z.object({
  notificationID: z.string(),
  title: z.string(),
  createdOn: isoDateTime(),
});
export type Notification = z.infer<typeof notificationEntity>;
