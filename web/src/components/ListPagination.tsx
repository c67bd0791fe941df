import TablePagination from '@mui/material/TablePagination';
import { formatNumber } from '../lib/format';

const PAGE_BUTTON_LABELS = {
  first: 'Trang đầu',
  last: 'Trang cuối',
  next: 'Trang sau',
  previous: 'Trang trước',
} as const;

/** A list's pages in Vietnamese: 'Số dòng:', '1–10 / 23', the page buttons' names. */
export function ListPagination({
  count,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
  testId,
}: {
  count: number;
  /** From 0. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  /** A new page size; the caller goes back to the first page. */
  onPageSize: (size: number) => void;
  testId?: string;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_, next) => onPage(next)}
      onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      labelRowsPerPage="Số dòng:"
      labelDisplayedRows={({ from, to, count: all }) =>
        `${formatNumber(from)}–${formatNumber(to)} / ${formatNumber(all)}`
      }
      getItemAriaLabel={(type) => PAGE_BUTTON_LABELS[type]}
      data-testid={testId}
    />
  );
}
