import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import {
  HOUSE_BILL_FILTER_LABELS,
  HOUSE_BILL_FILTERS,
  type HouseBillFilter,
  type HouseDebtRow,
  type HouseMonthBills,
} from '@nhatro/common';
import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ConfirmDialog, FormDialog } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { houseDebtsKeys, useHouseDebts } from '../../lib/api/resources/debts';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { collectingRights, useSignedInSession } from '../../lib/session';
import { ShareLinkBox } from './billActions';
import { CashPaymentDialog } from './cashPayment';
import { HouseBillRow, HouseBillsHeader, type RowActions } from './HouseBillRows';
import { useHouseMonthBills } from './monthlyBillsApi';
import { useBillCollecting } from './useBillCollecting';

const PAGE_SIZES = [25, 50, 100];
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `Tháng ${monthNumber}/${year}`;
}

function isFilter(value: string | null): value is HouseBillFilter {
  return value !== null && (HOUSE_BILL_FILTERS as readonly string[]).includes(value);
}

function Figure({
  label,
  value,
  detail,
  tone,
  testId,
}: {
  label: string;
  value: number;
  detail?: string;
  tone?: 'error' | 'success';
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        sx={{
          fontWeight: 800,
          fontSize: { xs: '1.125rem', sm: '1.375rem' },
          color: tone ? `${tone}.main` : 'text.primary',
        }}
      >
        {formatMoney(value)}
      </Typography>
      {detail !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

function Totals({ month }: { month: HouseMonthBills }) {
  const { totals } = month;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="house-bills-totals">
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } }}
      >
        <Figure
          label="Đã lập"
          value={totals.billed}
          detail={`${formatNumber(totals.counts.all)} hóa đơn`}
          testId="house-bills-billed"
        />
        <Figure
          label="Đã thu"
          value={totals.collected}
          detail={`${formatNumber(totals.counts.paid)} hóa đơn đã thanh toán`}
          tone="success"
          testId="house-bills-collected"
        />
        <Figure
          label="Còn nợ"
          value={totals.owed}
          detail={`${formatNumber(totals.counts.owed)} hóa đơn · ${formatNumber(totals.counts.overdue)} quá hạn`}
          tone="error"
          testId="house-bills-owed"
        />
      </Box>
      {(totals.carriedIn > 0 || totals.carriedOut > 0) && (
        <Typography
          variant="body2"
          sx={{ mt: 1.5, color: 'text.secondary' }}
          data-testid="house-bills-carried"
        >
          {totals.carriedIn > 0 &&
            `Đã lập gồm ${formatMoney(totals.carriedIn)} nợ cũ chuyển sang từ kỳ trước. `}
          {totals.carriedOut > 0 &&
            `${formatMoney(totals.carriedOut)} chưa thu của tháng này đã chuyển sang hóa đơn kỳ sau (không tính vào còn nợ ở đây).`}
        </Typography>
      )}
    </Paper>
  );
}

function FilterChips({
  month,
  status,
  onStatus,
}: {
  month: HouseMonthBills;
  status: HouseBillFilter;
  onStatus: (next: HouseBillFilter) => void;
}) {
  return (
    <Box
      role="group"
      aria-label="Lọc theo trạng thái"
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: 'auto',
        pb: 1,
        mb: 1,
      }}
    >
      {HOUSE_BILL_FILTERS.filter(
        (filter) => filter !== 'carriedOver' || month.totals.counts.carriedOver > 0,
      ).map((filter) => (
        <Chip
          key={filter}
          clickable
          onClick={() => onStatus(filter)}
          color={filter === status ? 'primary' : 'default'}
          variant={filter === status ? 'filled' : 'outlined'}
          aria-pressed={filter === status}
          label={`${HOUSE_BILL_FILTER_LABELS[filter]} (${formatNumber(month.totals.counts[filter])})`}
          data-testid={`house-bills-filter-${filter}`}
          sx={{ minHeight: 36, flexShrink: 0 }}
        />
      ))}
    </Box>
  );
}

type Collecting = ReturnType<typeof useBillCollecting>;

/** The month's figures, its filters and its rows (or why there are none), paged on the server. */
function MonthBody({
  data,
  debts,
  status,
  actions,
  paging,
  onQuery,
}: {
  data: HouseMonthBills;
  /** Each contract's whole debt, by contract (absent while loading). */
  debts: Map<string, HouseDebtRow> | undefined;
  status: HouseBillFilter;
  actions: RowActions;
  paging: {
    page: number;
    pageSize: number;
    onPage: (page: number) => void;
    onPageSize: (size: number) => void;
  };
  onQuery: (next: { status: HouseBillFilter }) => void;
}) {
  if (data.totals.counts.all === 0)
    return (
      <EmptyState
        title={`${monthLabel(data.month)} chưa có hóa đơn`}
        description="Hóa đơn tháng có sau khi phát hành bảng kê của nhà trọ."
        action={
          <Button component={RouterLink} to={paths.billDraft()} variant="contained">
            Xem bảng kê
          </Button>
        }
      />
    );
  return (
    <>
      <Totals month={data} />
      <FilterChips month={data} status={status} onStatus={(next) => onQuery({ status: next })} />
      {data.count === 0 ? (
        <EmptyState
          title="Không có hóa đơn phù hợp"
          description="Không có hóa đơn nào ở trạng thái này trong tháng."
          action={<Button onClick={() => onQuery({ status: 'all' })}>Xem tất cả</Button>}
        />
      ) : (
        <>
          <HouseBillsHeader />
          <Box
            component="ul"
            aria-label="Hóa đơn theo phòng"
            sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}
            data-testid="house-bills-list"
          >
            {data.value.map((row) => (
              <HouseBillRow
                key={row.monthlyBillID}
                row={row}
                actions={actions}
                debt={debts?.get(row.contractID)}
              />
            ))}
          </Box>
          <ListPagination
            count={data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={paging.onPage}
            onPageSize={paging.onPageSize}
          />
        </>
      )}
    </>
  );
}

function MonthPicker({
  data,
  month,
  onMonth,
}: {
  data: HouseMonthBills | undefined;
  month: string;
  onMonth: (month: string) => void;
}) {
  const months = data === undefined ? [] : [...new Set([data.month, ...data.months])].sort().reverse();
  if (months.length === 0) return null;
  return (
    <TextField
      id="house-bills-month"
      select
      label="Tháng"
      size="small"
      value={month}
      onChange={(event) => onMonth(event.target.value)}
      sx={{ mb: 2, minWidth: 200 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'house-bills-month' } as object } }}
    >
      {months.map((option) => (
        <MenuItem key={option} value={option}>
          {monthLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** 'Nhắc tất cả' asks first; cash on a row; a row's guest link to copy. */
function CollectingDialogs({
  collecting,
  owedCount,
  month,
  confirmingAll,
  onCloseConfirm,
}: {
  collecting: Collecting;
  owedCount: number;
  month: string;
  confirmingAll: boolean;
  onCloseConfirm: () => void;
}) {
  const shareTitleId = useId();
  return (
    <>
      <ConfirmDialog
        open={confirmingAll}
        title="Nhắc thanh toán"
        message={`Gửi nhắc thanh toán (Zalo, SMS, email) tới người thuê của ${formatNumber(owedCount)} phòng còn nợ ${monthLabel(month).toLowerCase()}? Phòng vừa được nhắc trong 10 phút qua sẽ không bị nhắc lại.`}
        confirmLabel="Gửi nhắc nhở"
        onConfirm={() => {
          onCloseConfirm();
          collecting.remind('all');
        }}
        onClose={onCloseConfirm}
        testId="house-bills-remind-all-dialog"
      />
      <CashPaymentDialog
        open={collecting.cashOpen}
        owed={collecting.cashRow?.owed ?? 0}
        subject={collecting.cashRow?.billName ?? ''}
        onClose={collecting.closeCash}
        onSubmit={collecting.pay}
      />
      <FormDialog
        open={collecting.shared !== null}
        onClose={collecting.closeShared}
        title={collecting.shared ? `Liên kết ${collecting.shared.row.billName}` : 'Liên kết hóa đơn'}
        titleId={shareTitleId}
        testId="house-bills-share-dialog"
      >
        <DialogContent dividers>
          {collecting.shared && <ShareLinkBox link={collecting.shared.link} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={collecting.closeShared}>Đóng</Button>
        </DialogActions>
      </FormDialog>
    </>
  );
}

/** The month and status of the query string (links set them), and the page kept here. */
function useMonthQuery() {
  const [search, setSearch] = useSearchParams();
  const monthParam = search.get('month') ?? '';
  const statusParam = search.get('status');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1] ?? 50);
  const setQuery = (next: { month?: string; status?: HouseBillFilter }) => {
    const params = new URLSearchParams(search);
    if (next.month !== undefined) params.set('month', next.month);
    if (next.status !== undefined) {
      if (next.status === 'all') params.delete('status');
      else params.set('status', next.status);
    }
    setPage(0);
    setSearch(params, { replace: true });
  };
  return {
    month: MONTH_PATTERN.test(monthParam) ? monthParam : '',
    status: isFilter(statusParam) ? statusParam : ('all' as HouseBillFilter),
    setQuery,
    paging: {
      page,
      pageSize,
      onPage: setPage,
      onPageSize: (size: number) => {
        setPageSize(size);
        setPage(0);
      },
    },
  };
}

/** /monthlyBills: the month's bills of the chosen house, who still owes, and the ways to collect. */
export function HouseBillsPage() {
  const session = useSignedInSession();
  const rights = collectingRights(session.role);
  const { month, status, setQuery, paging } = useMonthQuery();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const houseID = session.houseID;
  const { data, error, mutate } = useHouseMonthBills(
    houseID === null ? null : { houseID, month, status, page: paging.page, pageSize: paging.pageSize },
  );
  const shownMonth = data?.month ?? month;
  const debts = useHouseDebts(
    houseID === null || !shownMonth ? null : houseDebtsKeys.ofMonth(houseID, shownMonth),
  );
  const debtsByContract = debts.data
    ? new Map(debts.data.rows.map((debt) => [debt.contractID, debt]))
    : undefined;
  const collecting = useBillCollecting(houseID ?? '', shownMonth, () => void mutate());
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;
  const owedCount = data?.totals.counts.owed ?? 0;
  const actions: RowActions = {
    canRemind: rights.remind,
    canCollectCash: rights.collectCash,
    canShare: rights.shareLink,
    reminding: collecting.reminding,
    sharing: collecting.sharing,
    onRemind: collecting.remind,
    onCash: collecting.openCash,
    onShare: collecting.share,
  };

  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    body = (
      <Box aria-busy="true" aria-label="Đang tải hóa đơn" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={110} />
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={72} />
      </Box>
    );
  else
    body = (
      <MonthBody
        data={data}
        debts={debtsByContract}
        status={status}
        actions={actions}
        paging={paging}
        onQuery={setQuery}
      />
    );

  return (
    <Box data-testid="house-bills-page" sx={{ maxWidth: 1200 }}>
      <title>{`Hóa đơn ${shownMonth ? monthLabel(shownMonth).toLowerCase() : ''} — Nhà trọ`}</title>
      <PageHeader
        title={shownMonth ? `Hóa đơn ${monthLabel(shownMonth).toLowerCase()}` : 'Hóa đơn'}
        subtitle={houseName}
        actions={
          rights.remind && owedCount > 0 ? (
            <Button
              variant="contained"
              startIcon={<NotificationsActiveOutlined />}
              onClick={() => setConfirmingAll(true)}
              loading={collecting.reminding === 'all'}
              loadingPosition="start"
              data-testid="house-bills-remind-all"
            >
              Nhắc tất cả còn nợ ({formatNumber(owedCount)})
            </Button>
          ) : undefined
        }
      />
      <MonthPicker data={data} month={shownMonth} onMonth={(next) => setQuery({ month: next })} />
      {body}
      <CollectingDialogs
        collecting={collecting}
        owedCount={owedCount}
        month={shownMonth}
        confirmingAll={confirmingAll}
        onCloseConfirm={() => setConfirmingAll(false)}
      />
    </Box>
  );
}
