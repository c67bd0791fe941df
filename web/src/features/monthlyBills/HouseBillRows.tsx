import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type { HouseDebtRow, HouseMonthBillRow } from '@nhatro/common';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { BillStatusChip } from './billParts';

/** What the signed-in role may do on a row, and what is under way. */
export interface RowActions {
  canRemind: boolean;
  canCollectCash: boolean;
  canShare: boolean;
  reminding: string | null;
  sharing: string | null;
  onRemind: (row: HouseMonthBillRow) => void;
  onCash: (row: HouseMonthBillRow) => void;
  onShare: (row: HouseMonthBillRow) => void;
}

/** Wide screens: one line per room under a header; phones: a card per room (same cells, labelled). */
const GRID = {
  display: 'grid',
  gap: { xs: 0.75, md: 1.5 },
  alignItems: 'center',
  gridTemplateColumns: {
    xs: '1fr 1fr',
    md: 'minmax(140px, 1.6fr) repeat(3, minmax(104px, 1fr)) 92px minmax(140px, 1.2fr) 156px',
  },
} as const;

/** A thumb's size on a phone; four in the actions column on a wide screen. */
const ICON_BUTTON_SX = { width: { xs: 44, md: 36 }, height: { xs: 44, md: 36 } } as const;

const COLUMNS = ['Phòng · người thuê', 'Tổng', 'Đã trả', 'Còn nợ', 'Hạn', 'Trạng thái', 'Thao tác'];

export function HouseBillsHeader() {
  return (
    <Box
      aria-hidden
      sx={{ ...GRID, display: { xs: 'none', md: 'grid' }, px: 2, py: 1, color: 'text.secondary' }}
    >
      {COLUMNS.map((column, index) => (
        <Typography
          key={column}
          variant="body2"
          sx={{ fontWeight: 600, textAlign: index >= 1 && index <= 3 ? 'right' : 'left' }}
        >
          {column}
        </Typography>
      ))}
    </Box>
  );
}

/** A cell: its label on a phone (the header names it on wide screens). */
function Cell({
  label,
  children,
  align = 'left',
  wide = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  align?: 'left' | 'right';
  wide?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        minWidth: 0,
        textAlign: { xs: 'left', md: align },
        gridColumn: { xs: wide ? '1 / -1' : 'auto', md: 'auto' },
      }}
      data-testid={testId}
    >
      <Typography variant="caption" sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary' }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function Action({
  label,
  onClick,
  busy = false,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  busy?: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip title={label} describeChild>
      <span>
        <IconButton
          aria-label={label}
          onClick={onClick}
          disabled={busy}
          data-testid={testId}
          sx={ICON_BUTTON_SX}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function RowActionButtons({ row, actions }: { row: HouseMonthBillRow; actions: RowActions }) {
  const owed = row.owed > 0;
  const id = row.monthlyBillID;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: { xs: 1, md: 0.25 },
        justifyContent: { xs: 'flex-start', md: 'flex-end' },
        flexWrap: { xs: 'wrap', md: 'nowrap' },
      }}
    >
      {owed && actions.canRemind && (
        <Action
          label={row.canRemind ? 'Nhắc thanh toán' : 'Nhắc thanh toán (người thuê chưa có liên hệ)'}
          onClick={() => actions.onRemind(row)}
          busy={actions.reminding !== null}
          testId={`house-bill-remind-${id}`}
        >
          <NotificationsActiveOutlined />
        </Action>
      )}
      {owed && actions.canCollectCash && (
        <Action label="Thu tiền mặt" onClick={() => actions.onCash(row)} testId={`house-bill-cash-${id}`}>
          <PaymentsOutlined />
        </Action>
      )}
      {actions.canShare && (
        <Action
          label="Sao chép liên kết hóa đơn"
          onClick={() => actions.onShare(row)}
          busy={actions.sharing === id}
          testId={`house-bill-share-${id}`}
        >
          <ContentCopyOutlined />
        </Action>
      )}
      <Tooltip title="Mở hóa đơn" describeChild>
        <IconButton
          component={RouterLink}
          to={paths.monthlyBill(id)}
          aria-label="Mở hóa đơn"
          data-testid={`house-bill-open-${id}`}
          sx={ICON_BUTTON_SX}
        >
          <OpenInNewOutlined />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function StatusCell({ row }: { row: HouseMonthBillRow }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}>
      <BillStatusChip status={row.status} testId={`house-bill-status-${row.monthlyBillID}`} />
      {row.overdue && (
        <Typography variant="caption" sx={{ color: 'error.main', fontWeight: 600 }}>
          Quá hạn
        </Typography>
      )}
      {row.carriedToBillID !== undefined && (
        <Link component={RouterLink} to={paths.monthlyBill(row.carriedToBillID)} variant="caption">
          Thu ở hóa đơn kỳ sau
        </Link>
      )}
      {row.lastRemindedOn !== undefined && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Đã nhắc {formatDateTime(row.lastRemindedOn)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The contract's whole debt beside this month's bill (issue 26 §3): all it owes, and how late its oldest
 * debt is; red past the house's days.
 */
function DebtBadge({ debt }: { debt: HouseDebtRow }) {
  if (debt.owed <= 0 && debt.openCredit <= 0) return null;
  const late = debt.oldestDaysOverdue !== undefined && debt.oldestDaysOverdue > 0;
  const text =
    debt.owed > 0
      ? `Tổng nợ ${formatMoney(debt.owed)}${late ? ` · nợ cũ nhất quá hạn ${debt.oldestDaysOverdue} ngày` : ''}`
      : `Đang dư ${formatMoney(debt.openCredit)}`;
  return (
    <Typography
      variant="caption"
      sx={{ display: 'block', fontWeight: 600, color: debt.flagged ? 'error.main' : 'text.secondary' }}
      data-testid={`house-bill-debt-${debt.contractID}`}
    >
      {text}
    </Typography>
  );
}

export function HouseBillRow({
  row,
  actions,
  debt,
}: {
  row: HouseMonthBillRow;
  actions: RowActions;
  debt?: HouseDebtRow | undefined;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ ...GRID, listStyle: 'none', px: { xs: 1.5, md: 2 }, py: { xs: 1.5, md: 1 } }}
      data-testid={`house-bill-row-${row.monthlyBillID}`}
    >
      <Cell label="Phòng · người thuê" wide>
        <Link
          component={RouterLink}
          to={paths.monthlyBill(row.monthlyBillID)}
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {row.roomName || row.billName}
        </Link>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {row.tenantName ?? 'Chưa có tên người thuê'}
        </Typography>
        {debt && <DebtBadge debt={debt} />}
      </Cell>
      <Cell label="Tổng" align="right">
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(row.total)}</Typography>
        {row.carriedIn > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            gồm nợ cũ {formatMoney(row.carriedIn)}
          </Typography>
        )}
      </Cell>
      <Cell label="Đã trả" align="right">
        <Typography>{formatMoney(row.paidAmount)}</Typography>
      </Cell>
      <Cell label="Còn nợ" align="right" testId={`house-bill-owed-${row.monthlyBillID}`}>
        <Typography sx={{ fontWeight: 700, color: row.owed > 0 ? 'error.main' : 'text.primary' }}>
          {formatMoney(row.owed)}
        </Typography>
      </Cell>
      <Cell label="Hạn thanh toán">
        <Typography sx={{ color: row.overdue ? 'error.main' : 'text.primary' }}>
          {formatDate(row.dueDate)}
        </Typography>
      </Cell>
      <Cell label="Trạng thái">
        <StatusCell row={row} />
      </Cell>
      <Cell label="Thao tác" wide>
        <RowActionButtons row={row} actions={actions} />
      </Cell>
    </Paper>
  );
}
