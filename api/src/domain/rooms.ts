import type { RoomStatusCode } from '@nhatro/common';

/** Why a room cannot be deleted, or `null` when it can. */
export function roomDeletionBlocker(
  room: { status: RoomStatusCode },
  activeContracts: number,
  reservations: number,
): string | null {
  if (activeContracts > 0 || room.status === 'occupied') {
    return 'Không thể xóa phòng đang có hợp đồng hiệu lực. Hãy kết thúc hợp đồng trước.';
  }
  if (reservations > 0 || room.status === 'reserved') {
    return 'Không thể xóa phòng đã được đặt cọc. Hãy hủy đặt cọc trước.';
  }
  return null;
}

export interface QuotaDecision {
  allowed: boolean;
  remaining: number;
}

/** A landlord's purchased room quota against the rooms they already have. */
export function checkRoomQuota(quota: number, used: number, adding: number): QuotaDecision {
  const remaining = Math.max(quota - used, 0);
  return { allowed: adding <= remaining, remaining };
}

export function quotaExceededMessage(remaining: number, adding: number): string {
  const left =
    remaining === 0
      ? 'Tài khoản của bạn đã dùng hết số phòng được phép'
      : `Tài khoản của bạn chỉ còn tạo được ${remaining} phòng`;
  return `${left} (cần ${adding}). Vui lòng mua thêm phòng tại Cài đặt tài khoản → Mua thêm phòng.`;
}

/** Room names compare without case, spacing or Unicode-form differences ("p101" = "P101 "). */
export function roomNameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi');
}

export function duplicateRoomNameMessage(name: string): string {
  return `Tên phòng "${name}" đã tồn tại trong nhà trọ này.`;
}

export const MAX_ROOM_IMAGES = 20;

/**
 * A room occupied under a new contract: `occupied`, no notice of leaving, and the contract added to the
 * contracts signed on it (`contractIDs`, internal), so one contract is read with its room in one query.
 */
export function occupiedUnder<R extends { contractIDs?: string[] }>(
  room: R,
  contractID: string,
): R & { status: 'occupied'; leavingOn: undefined; contractIDs: string[] } {
  const signed = room.contractIDs ?? [];
  return {
    ...room,
    status: 'occupied',
    leavingOn: undefined,
    contractIDs: signed.includes(contractID) ? signed : [...signed, contractID],
  };
}
