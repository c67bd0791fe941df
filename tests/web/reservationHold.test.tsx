// The reservation form's hold-until date: a week after move-in, followed while untouched; the server's checks.
import { describe, expect, it } from 'vitest';
import {
  emptyReservationForm,
  followedHoldUntil,
  validateReservationForm,
} from '../../web/src/lib/api/resources/reservations';

describe('the reservation form', () => {
  it('the form follows the move-in date until the landlord chooses another hold-until date', () => {
    const form = { ...emptyReservationForm(), expectedMoveInDate: '2030-01-10', holdUntil: '2030-01-17' };
    expect(followedHoldUntil(form, '2030-02-01')).toBe('2030-02-08');
    expect(followedHoldUntil({ ...form, holdUntil: '2030-01-31' }, '2030-02-01')).toBe('2030-01-31');
    expect(followedHoldUntil({ ...form, holdUntil: '' }, '2030-02-01')).toBe('2030-02-08');
  });

  it('the form refuses a hold-until date before move-in with the server message, and sends a chosen one', () => {
    const values = {
      ...emptyReservationForm(500_000),
      fullName: 'Phạm Gia Bảo',
      phoneNumber: '0938111222',
      expectedMoveInDate: '2030-01-10',
    };
    expect(validateReservationForm({ ...values, holdUntil: '2030-01-09' }, 'room-1').errors.holdUntil).toBe(
      'Ngày giữ phòng đến không được trước ngày dự kiến dọn vào.',
    );
    expect(validateReservationForm({ ...values, holdUntil: '2030-01-20' }, 'room-1').payload).toMatchObject({
      holdUntil: '2030-01-20',
    });
    expect(validateReservationForm({ ...values, holdUntil: '' }, 'room-1').payload).not.toHaveProperty(
      'holdUntil',
    );
  });
});
