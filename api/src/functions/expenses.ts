import {
  BILLING_LEVELS,
  EXPENSE_IMPORT_MAX_BYTES,
  expenseCreateSchema,
  expenseUpdateSchema,
} from '@nhatro/common';
import { defineEndpoint } from '../http/endpoint.js';
import { readMultipart } from '../http/multipart.js';
import { json, spreadsheet } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { expenseImportTemplate, importExpenses } from '../useCases/expenses/sheet.js';
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

/**
 * Multipart `file` (.xlsx) + `houseID`: all rows valid, `{ status: true, data: { created } }`; any row
 * wrong, nothing is written and the reply (400) is the sheet with a "Lỗi" column.
 */
defineEndpoint({
  name: 'excelImportExpenses',
  route: 'ExcelImport/ImportExpenses',
  methods: ['POST'],
  permission: KEEPER,
  async handle({ req, actor }) {
    const form = await readMultipart(req, {
      maxBytes: EXPENSE_IMPORT_MAX_BYTES + 64 * 1024,
      maxFiles: 1,
      maxFileBytes: EXPENSE_IMPORT_MAX_BYTES,
    });
    const houseID = requireID(form.fields.houseID ?? form.fields.HouseID, 'Mã nhà trọ');
    const outcome = await importExpenses(actor, houseID, form.files[0]?.bytes);
    if (!outcome.ok) {
      return spreadsheet(400, outcome.report, outcome.fileName, {
        'X-Import-Error-Rows': String(outcome.errorRows),
      });
    }
    return json(200, { status: true, data: { created: outcome.created } });
  },
});

defineEndpoint({
  name: 'excelTemplateExpenses',
  route: 'ExcelImport/Template/Expenses',
  methods: ['GET'],
  permission: KEEPER,
  async handle() {
    return spreadsheet(200, await expenseImportTemplate(), 'mau-nhap-chi-phi.xlsx');
  },
});
