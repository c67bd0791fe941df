// A house's name in a sentence: "Nhà trọ Hoa Sen", never "Nhà trọ Nhà trọ Hoa Sen".
import { describe, expect, it } from 'vitest';
import { houseTitle, paymentReceivedTexts } from '../../api/src/domain/shared/onlinePayments.js';

describe('house names in messages', () => {
  it('adds "Nhà trọ" only to a name that does not start with it', () => {
    expect(houseTitle('Hoa Sen')).toBe('Nhà trọ Hoa Sen');
    expect(houseTitle('Nhà trọ Hoa Sen')).toBe('Nhà trọ Hoa Sen');
    expect(houseTitle('NHÀ TRỌ Hoa Sen')).toBe('NHÀ TRỌ Hoa Sen');
    // "Nhà trọng…" is another word: it gets the prefix.
    expect(houseTitle('Nhà trọng điểm')).toBe('Nhà trọ Nhà trọng điểm');
  });

  it('the tenant’s receipt of an online payment names the house once', () => {
    const texts = paymentReceivedTexts({
      amount: 563_000,
      description: 'Hóa đơn tháng 07/2026',
      houseName: 'Nhà trọ Hoa Sen',
      via: 'VNPay',
    });
    expect(texts.tenant.body).toMatch(/^Nhà trọ Hoa Sen đã nhận/);
    expect(texts.tenant.body).not.toContain('Nhà trọ Nhà trọ');
  });
});
