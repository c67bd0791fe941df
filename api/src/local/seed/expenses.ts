import { randomUUID } from 'node:crypto';
import type { ExpenseDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { houseOf, saveInHouse, userOf, type Seeder } from './world.js';

const DAY_MS = 86_400_000;

/**
 * A few months of Hoa Sen's expenses (chunha): EVN's and the water company's bills, internet, cleaning
 * and a repair, so the profit page has something to set against the money received.
 */
export const expensesSeeder: Seeder = {
  name: 'expenses',
  async seed(deps, world) {
    const { house } = houseOf(world, 'Nhà trọ Hoa Sen');
    const landlord = userOf(world, 'chunha');
    const now = new Date(world.createdOn).getTime();
    const daysAgo = (days: number) => vietnamDate(new Date(now - days * DAY_MS));
    const entries: Array<{ days: number; category: string; amount: number; note?: string }> = [
      { days: 65, category: 'electricity', amount: 1_480_000, note: 'Hóa đơn EVN' },
      { days: 63, category: 'water', amount: 310_000, note: 'Sawaco' },
      { days: 60, category: 'internet', amount: 220_000 },
      { days: 35, category: 'electricity', amount: 1_620_000, note: 'Hóa đơn EVN' },
      { days: 33, category: 'water', amount: 295_000, note: 'Sawaco' },
      { days: 30, category: 'internet', amount: 220_000 },
      { days: 20, category: 'repairs', amount: 450_000, note: 'Thay vòi nước P102' },
      { days: 5, category: 'electricity', amount: 1_550_000, note: 'Hóa đơn EVN' },
      { days: 3, category: 'cleaning', amount: 200_000, note: 'Vệ sinh bể nước' },
    ];
    const docs: ExpenseDoc[] = entries.map((entry) => {
      const expenseID = randomUUID();
      return {
        id: expenseID,
        pk: house.houseID,
        type: 'expense',
        expenseID,
        houseID: house.houseID,
        date: daysAgo(entry.days),
        category: entry.category,
        amount: entry.amount,
        ...(entry.note ? { note: entry.note } : {}),
        createdOn: world.createdOn,
        createdBy: landlord.userID,
      };
    });
    await saveInHouse(deps, house.houseID, docs);
  },
};
