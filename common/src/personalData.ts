import { z } from 'zod';

/**
 * Personal data (Law 91/2025/QH15 on personal data protection, from 1 January 2026): a person's own
 * data (`GET /api/User/MyData`), their erasure request, their consent, and the landlord's list of
 * identity data to be erased. What is stored and for how long: docs/personal-data.md.
 */

export const PERSONAL_DATA_MESSAGES = {
  notAnOccupant: 'Tài khoản này không gắn với người thuê nào; không có giấy tờ tùy thân để xóa.',
  erasureRequested: 'Đã gửi yêu cầu xóa dữ liệu. Chủ trọ đã được thông báo.',
  consentConfirmed: 'Đã ghi nhận bạn đồng ý.',
  format: 'Định dạng chỉ được là json hoặc pdf.',
} as const;

/** The body of the erasure request and the consent confirmation: nothing (the caller is the subject). */
export const myDataRequestSchema = z.strictObject({});

/** `GET /api/User/MyData?format=json|pdf`. */
export const myDataFormatSchema = z.enum(['json', 'pdf'], { error: PERSONAL_DATA_MESSAGES.format });

/** One person who left, whose identity data the nightly job will erase (`GET /api/PersonalData/Erasures`). */
export const plannedErasureEntity = z.object({
  lesseeInfoID: z.string(),
  contractID: z.string(),
  occupantName: z.string(),
  stayEndedOn: z.string(),
  erasureDate: z.string(),
  erasureRequestedAt: z.string().optional(),
});
export type PlannedErasureView = z.infer<typeof plannedErasureEntity>;

/** What the signed-in person's own data reply holds. */
export interface MyData {
  exportedAt: string;
  account: {
    userID: string;
    username: string;
    fullName: string;
    role: string;
    email?: string;
    phoneNumber?: string;
    createdOn: string;
  };
  /** A tenant's record as an occupant (absent for landlords and staff). */
  occupant?: Record<string, unknown>;
  tenancy?: { houseName: string; houseAddress: string; roomName: string; startDate: string; endDate: string };
  /** A landlord's details shown on contracts. */
  lessorInfo?: Record<string, unknown>;
  /** Which identity photos are stored (the photos themselves are read on the lessee page). */
  identityPhotos: string[];
  retention: { months: number; erasureDate?: string };
}
