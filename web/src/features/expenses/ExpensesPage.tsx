import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { expenseCategoryLabel, type ExpenseView } from '@nhatro/common';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';
import { dayjs, formatDate, formatMoney, VIETNAM_TIME_ZONE } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { ExpenseDialog } from './ExpenseDialog';
import { ImportExpensesDialog } from './ImportExpensesDialog';
import { deleteExpense, useExpensesOfYear } from './expensesApi';

export const EXPENSE_DELETED_TEXT = 'Đã xóa khoản chi.';

function ExpenseRow({
  expense,
  onEdit,
  onDelete,
}: {
  expense: ExpenseView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const label = expenseCategoryLabel(expense.category);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}
      data-testid="expense-row"
    >
      {expense.receiptURL && (
        <Box
          component="a"
          href={expense.receiptURL}
          target="_blank"
          rel="noreferrer"
          sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}
        >
          <PhotoThumbnail
            link={{
              blobName: expense.receiptBlobName ?? '',
              url: expense.receiptURL,
              ...(expense.receiptThumbnailURL ? { thumbnailURL: expense.receiptThumbnailURL } : {}),
            }}
            alt={`Ảnh hóa đơn ${label}`}
          />
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="expense-category-cell">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="expense-amount-cell">
            {formatMoney(expense.amount)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {formatDate(expense.date)}
          {expense.note ? ` · ${expense.note}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <Tooltip title="Sửa khoản chi">
          <IconButton aria-label={`Sửa khoản chi ${label}`} onClick={onEdit} data-testid="expense-edit">
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Xóa khoản chi">
          <IconButton
            aria-label={`Xóa khoản chi ${label}`}
            color="error"
            onClick={onDelete}
            data-testid="expense-delete"
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Paper>
  );
}

/** The year's expenses, or the state the list is in (loading, failed, empty). */
function ExpenseList({
  expenses,
  failed,
  year,
  onRetry,
  onCreate,
  onEdit,
  onDelete,
}: {
  expenses: ExpenseView[] | undefined;
  failed: boolean;
  year: number;
  onRetry: () => void;
  onCreate: () => void;
  onEdit: (expense: ExpenseView) => void;
  onDelete: (expense: ExpenseView) => void;
}) {
  if (failed && expenses === undefined) return <ErrorState onRetry={onRetry} />;
  if (expenses === undefined) {
    return (
      <Box aria-busy="true" aria-label="Đang tải chi phí">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={56} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  }
  if (expenses.length === 0) {
    return (
      <EmptyState
        title="Chưa có khoản chi"
        description={`Chưa ghi khoản chi nào trong năm ${year}: tiền điện EVN, tiền nước, sửa chữa, vệ sinh…`}
        action={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={onCreate}>
            Thêm khoản chi
          </Button>
        }
      />
    );
  }
  return (
    <Box component="ul" aria-label="Các khoản chi" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
      {expenses.map((expense) => (
        <ExpenseRow
          key={expense.expenseID}
          expense={expense}
          onEdit={() => onEdit(expense)}
          onDelete={() => onDelete(expense)}
        />
      ))}
    </Box>
  );
}

/** The last five years, this one first. */
export function recentYears(): number[] {
  const year = dayjs().tz(VIETNAM_TIME_ZONE).year();
  return Array.from({ length: 5 }, (_, index) => year - index);
}

/** /expenses: the chosen house's expenses of a year, newest day first; add, change, delete. */
export function ExpensesPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const [year, setYear] = useState(() => recentYears()[0] as number);
  const [importing, setImporting] = useState(false);
  const { data, error, mutate } = useExpensesOfYear(houseID, year);
  const { editor, removal } = useEntityDialogs<ExpenseView>({
    remove: (expense) => deleteExpense(expense.expenseID),
    afterRemove: () => mutate(),
    removedText: EXPENSE_DELETED_TEXT,
    removeFailedText: 'Xóa khoản chi thất bại!',
  });
  const usedCategories = useMemo(() => (data ?? []).map((expense) => expense.category), [data]);
  const total = (data ?? []).reduce((sum, expense) => sum + expense.amount, 0);
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;

  return (
    <Box data-testid="expenses-page">
      <title>Chi phí — Nhà trọ</title>
      <PageHeader
        title="Chi phí"
        subtitle={houseName ? `Các khoản chi của ${houseName}` : undefined}
        actions={
          houseID !== null ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={() => setImporting(true)}
                data-testid="expense-import-button"
              >
                Nhập từ Excel
              </Button>
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={editor.openCreate}
                data-testid="expense-create-button"
              >
                Thêm khoản chi
              </Button>
            </Box>
          ) : undefined
        }
      />
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label="Năm"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'expense-year' } }}
        >
          {recentYears().map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="expense-total">
          Tổng chi năm {year}: <strong>{formatMoney(total)}</strong>
        </Typography>
        <Button component={RouterLink} to={paths.profitReport} data-testid="expense-profit-link">
          Xem lợi nhuận
        </Button>
      </Stack>
      <ExpenseList
        expenses={data}
        failed={error !== undefined}
        year={year}
        onRetry={() => void mutate()}
        onCreate={editor.openCreate}
        onEdit={editor.openEdit}
        onDelete={removal.ask}
      />
      {houseID !== null && (
        <ImportExpensesDialog
          open={importing}
          houseID={houseID}
          onClose={() => setImporting(false)}
          onDone={() => void mutate()}
        />
      )}
      {houseID !== null && (
        <ExpenseDialog
          open={editor.open}
          houseID={houseID}
          expense={editor.item}
          usedCategories={usedCategories}
          onClose={editor.close}
          onSaved={() => void mutate()}
        />
      )}
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa khoản chi"
        message={
          <>
            Khoản chi <strong>{removal.item ? expenseCategoryLabel(removal.item.category) : ''}</strong>{' '}
            {removal.item ? formatMoney(removal.item.amount) : ''} sẽ bị xóa. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa khoản chi"
        testId="expense-delete-dialog"
      />
    </Box>
  );
}
