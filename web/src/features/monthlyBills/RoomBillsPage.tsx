import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import MenuItem from '@mui/material/MenuItem';

import Skeleton from '@mui/material/Skeleton';

import TextField from '@mui/material/TextField';

import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';

import { BILL_STATUS, BILL_STATUS_LABELS } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MonthField } from '../../components/dates/DateField';
import { isIsoMonth } from '../../components/dates/isoDates';
import { ListPagination } from '../../components/ListPagination';
import { EmptyState, ErrorState } from '../../components/DataStates';
import {
  owedAmount,
  useBillList,
  type BillRow,
  type BillStatusFilter,
} from '../../lib/api/resources/monthlyBills';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { BillingRowCard, RoomBillingFrame, type RoomBillingKind } from './RoomBillingFrame';

const PAGE_SIZES = [12, 24, 48];

const STATUS_OPTIONS: ReadonlyArray<{ value: BillStatusFilter; label: string }> = [
  { value: 'all', label: 'Tất cả' },
  { value: 'owed', label: 'Còn nợ (chưa trả đủ)' },
  ...Object.values(BILL_STATUS).map((status) => ({
    value: `${status}` as const,
    label: BILL_STATUS_LABELS[status],
  })),
];

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-');
  return year && monthNumber ? `Tháng ${monthNumber}/${year}` : month;
}

function BillItem({ bill }: { bill: BillRow }) {
  return (
    <BillingRowCard
      to={paths.monthlyBill(bill.monthlyBillID)}
      name={bill.billName}
      when={`${monthLabel(bill.month)} · Hạn ${formatDate(bill.dueDate)} · Mã ${bill.billCode}`}
      status={bill.status}
      amounts={[
        { label: 'Tổng', value: bill.total },
        { label: 'Đã trả', value: bill.paidAmount },
      ]}
      owed={owedAmount(bill)}
      testId={`bill-row-${bill.monthlyBillID}`}
    />
  );
}

const ROOM_BILLS: RoomBillingKind = {
  title: 'Hóa đơn tháng',
  tabTitle: 'Hóa đơn',
  loadingLabel: 'Đang tải hóa đơn',
  testIdPrefix: 'room-bills',
};

/** The month and the status the list shows. */
function BillFilters({
  month,
  status,
  onMonth,
  onStatus,
}: {
  month: string;
  status: BillStatusFilter;
  onMonth: (month: string) => void;
  onStatus: (status: BillStatusFilter) => void;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: '200px 260px' },
        mb: 2,
      }}
    >
      <MonthField
        id="bill-filter-month"
        label="Tháng"
        size="small"
        value={month}
        onChange={(next) => {
          // Only whole months filter the list (an unfinished one keeps the last).
          if (isIsoMonth(next)) onMonth(next);
        }}
        testId="bill-filter-month"
      />
      <TextField
        id="bill-filter-status"
        select
        label="Trạng thái"
        size="small"
        value={status}
        onChange={(event) => onStatus(event.target.value as BillStatusFilter)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bill-filter-status' } as object } }}
      >
        {STATUS_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

function BillList({ roomID }: { roomID: string }) {
  const [month, setMonth] = useState('');
  const [status, setStatus] = useState<BillStatusFilter>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 12);
  const { data, error, isLoading, isValidating, mutate } = useBillList({
    roomID,
    month,
    status,
    page,
    pageSize,
  });
  const bills = data?.value ?? [];
  const total = data?.['@odata.count'] ?? bills.length;
  const filtered = month !== '' || status !== 'all';

  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading && data === undefined)
    content = (
      <Box aria-busy="true" aria-label="Đang tải hóa đơn" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
      </Box>
    );
  else if (total === 0)
    content = filtered ? (
      <EmptyState
        title="Không có hóa đơn phù hợp"
        description="Hãy chọn tháng hoặc trạng thái khác."
        action={
          <Button
            onClick={() => {
              setMonth('');
              setStatus('all');
              setPage(0);
            }}
          >
            Xóa bộ lọc
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="Phòng chưa có hóa đơn"
        description="Hóa đơn tháng được tạo khi bảng kê của nhà trọ được phát hành."
      />
    );
  else
    content = (
      <>
        <Box
          component="ul"
          aria-label="Hóa đơn của phòng, mới nhất trước"
          aria-busy={isValidating}
          sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
          data-testid="room-bill-list"
        >
          {bills.map((bill) => (
            <BillItem key={bill.monthlyBillID} bill={bill} />
          ))}
        </Box>
        <ListPagination
          count={total}
          page={page}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </>
    );

  return (
    <>
      <BillFilters
        month={month}
        status={status}
        onMonth={(next) => {
          setMonth(next);
          setPage(0);
        }}
        onStatus={(next) => {
          setStatus(next);
          setPage(0);
        }}
      />
      {content}
    </>
  );
}

/** /monthlyBillCD/{roomID}: the room's monthly bills, newest first, by month and status. */
export function RoomBillsPage() {
  const { id = '' } = useParams();
  return (
    <RoomBillingFrame
      kind={ROOM_BILLS}
      actions={
        <Button
          component={RouterLink}
          to={paths.roomCharges(id)}
          variant="outlined"
          startIcon={<ReceiptLongOutlined />}
          data-testid="room-bills-charges-link"
        >
          Phí phát sinh
        </Button>
      }
    >
      <BillList roomID={id} />
    </RoomBillingFrame>
  );
}
