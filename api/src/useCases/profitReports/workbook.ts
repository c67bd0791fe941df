import { expenseCategoryLabel, type ProfitReport } from '@nhatro/common';
import type { Actor } from '../shared/actor.js';
import { loadExcel } from '../shared/spreadsheets.js';
import { getProfitReport } from './report.js';

/**
 * The profit report as an .xlsx: real numbers (đồng, `#,##0`) and real dates (the first day of each
 * month, shown `mm/yyyy`), so the landlord can add and chart them in Excel. A second sheet holds the
 * year's rent income by month for the tax declaration (the household's: every house the caller keeps).
 */

const MONEY = '#,##0';
const MONTH = 'mm/yyyy';

function monthDate(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`);
}

export async function profitReportWorkbook(
  actor: Actor,
  query: { houseID?: string; year: number },
): Promise<{ body: Buffer; fileName: string }> {
  const report = await getProfitReport(actor, query);
  const household = query.houseID === undefined ? report : await getProfitReport(actor, { year: query.year });
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.created = actor.deps.now();
  addProfitSheet(workbook.addWorksheet('Lợi nhuận'), report);
  addRentIncomeSheet(workbook.addWorksheet('Doanh thu cho thuê'), household);
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const scope = query.houseID === undefined ? 'tat-ca-nha' : 'nha';
  return { body, fileName: `loi-nhuan-${scope}-${query.year}.xlsx` };
}

type Sheet = ReturnType<InstanceType<Awaited<ReturnType<typeof loadExcel>>['Workbook']>['addWorksheet']>;

function addProfitSheet(sheet: Sheet, report: ProfitReport): void {
  const categories = [
    ...new Set(report.months.flatMap((month) => Object.keys(month.expensesByCategory))),
  ].sort();
  sheet.columns = [
    { header: 'Tháng', key: 'month', width: 10, style: { numFmt: MONTH } },
    { header: 'Tiền thu', key: 'received', width: 14, style: { numFmt: MONEY } },
    { header: 'Chi phí', key: 'expenses', width: 14, style: { numFmt: MONEY } },
    { header: 'Lợi nhuận', key: 'profit', width: 14, style: { numFmt: MONEY } },
    { header: 'Điện thu của người thuê', key: 'electricityBilled', width: 16, style: { numFmt: MONEY } },
    { header: 'Điện trả EVN', key: 'electricityPaid', width: 14, style: { numFmt: MONEY } },
    { header: 'Nước thu của người thuê', key: 'waterBilled', width: 16, style: { numFmt: MONEY } },
    { header: 'Nước trả công ty cấp nước', key: 'waterPaid', width: 16, style: { numFmt: MONEY } },
    ...categories.map((category) => ({
      header: `Chi: ${expenseCategoryLabel(category)}`,
      key: `category:${category}`,
      width: 16,
      style: { numFmt: MONEY },
    })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const month of report.months) {
    sheet.addRow({
      ...month,
      month: monthDate(month.month),
      ...Object.fromEntries(
        categories.map((category) => [`category:${category}`, month.expensesByCategory[category] ?? 0]),
      ),
    });
  }
  const total = sheet.addRow({
    ...report.totals,
    month: 'Cả năm',
    ...Object.fromEntries(
      categories.map((category) => [`category:${category}`, report.totals.expensesByCategory[category] ?? 0]),
    ),
  });
  total.font = { bold: true };
}

function addRentIncomeSheet(sheet: Sheet, household: ProfitReport): void {
  sheet.columns = [
    { header: 'Tháng', key: 'month', width: 10, style: { numFmt: MONTH } },
    { header: 'Doanh thu cho thuê (đồng)', key: 'received', width: 22, style: { numFmt: MONEY } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const month of household.months)
    sheet.addRow({ month: monthDate(month.month), received: month.received });
  const total = sheet.addRow({ month: 'Cả năm', received: household.totals.received });
  total.font = { bold: true };
  sheet.addRow([]);
  sheet.addRow(['Ngưỡng chịu thuế', household.tax.threshold.amount]).getCell(2).numFmt = MONEY;
  sheet.addRow(['Căn cứ', household.tax.threshold.legalBasis]);
}
