import { BILLING_LEVELS, expenseCreateSchema, expenseUpdateSchema } from '@nhatro/common';
import { EXPENSE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import {
  createExpense,
  deleteExpense,
  getExpense,
  listExpenses,
  updateExpense,
} from '../useCases/expenses/crud.js';

/**
 * A house's expenses: `GET /odata/Expense?houseID=…`, `/odata/Expense/{id}`, `POST`, `PATCH`, `DELETE`.
 * The landlord and staff with billing rights (billing level 3, in their houses) keep them; tenants never.
 */
const KEEPER = { area: 'billing', level: BILLING_LEVELS.addCharge } as const;

defineODataEntity({
  name: 'expense',
  entitySet: 'Expense',
  model: EXPENSE_MODEL,
  area: 'billing',
  id: { field: 'expenseID', label: 'Mã khoản chi' },
  list: { permission: KEEPER, scope: ['houseID'], run: listExpenses },
  get: { permission: KEEPER, run: getExpense },
  create: { permission: KEEPER, schema: expenseCreateSchema, run: createExpense },
  update: { permission: KEEPER, schema: expenseUpdateSchema, run: updateExpense },
  remove: { permission: KEEPER, run: deleteExpense },
});
