import { LESSEE_NOTES_PLACEHOLDER, type CitizenIdQrData } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import { cardValues } from '../../web/src/features/lessees/LesseeFields';
import { lesseeFormValues } from '../../web/src/features/lessees/lesseeValidation';

/** A card's QR code and the notes of an occupant, who may still have the placeholder of spec §3. */

const CARD: CitizenIdQrData = {
  citizenID: '079301001234',
  oldIdNumber: '025123456',
  occupantName: 'Lê Minh Tuấn',
  dateOfBirth: '1998-04-02',
  gender: 1,
  permanentResidence: 'Quận 3, TP. Hồ Chí Minh',
  dateOfIssue: '2021-06-10',
};

function formWithNotes(notes: string) {
  return { ...lesseeFormValues({ kind: 'contract', contractID: 'hd-1' }), notes };
}

describe('the old CMND number from a card goes into the notes', () => {
  it('replacing the placeholder a new occupant got, never after it', () => {
    expect(cardValues(CARD, formWithNotes(LESSEE_NOTES_PLACEHOLDER)).notes).toBe('Số CMND cũ: 025123456');
  });

  it('after notes someone wrote, once', () => {
    expect(cardValues(CARD, formWithNotes('Làm ca đêm')).notes).toBe('Làm ca đêm\nSố CMND cũ: 025123456');
    expect(cardValues(CARD, formWithNotes('Số CMND cũ: 025123456')).notes).toBeUndefined();
  });
});
