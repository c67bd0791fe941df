import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { formatDateTime, formatNumber } from '../../lib/format';
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUS_LABELS,
  type Registration,
  type RegistrationStatus,
} from '@nhatro/common';
import { useRegistrations } from './registrationsApi';

const ROWS_PER_PAGE_OPTIONS = [10, 25, 50];

const COLUMNS = [
  'Họ và tên',
  'Số điện thoại',
  'Email',
  'Tên nhà trọ',
  'Địa chỉ',
  'Số phòng',
  'Trạng thái',
  'Ngày đăng ký',
] as const;

const STATUS_COLORS: Record<RegistrationStatus, ChipProps['color']> = {
  pending: 'default',
  paid: 'info',
  approved: 'success',
  rejected: 'error',
};

export function RegistrationStatusChip({ status }: { status: RegistrationStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status] ?? 'default'}
      label={REGISTRATION_STATUS_LABELS[status] ?? status}
    />
  );
}

function newestFirst(registrations: readonly Registration[]): Registration[] {
  return [...registrations].sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
}

function LoadingRows() {
  return Array.from({ length: 5 }, (_, rowIndex) => (
    <TableRow key={rowIndex}>
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * Lessor registrations for the super admin, newest first, paginated on the client: all of them, or those
 * of one status; a row opens the registration when `onSelect` is given.
 */
export function RegistrationTable({
  status,
  onSelect,
}: {
  status?: RegistrationStatus;
  onSelect?: (registration: Registration) => void;
} = {}) {
  const { data, error, isLoading, mutate } = useRegistrations(status);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0] ?? 10);
  const registrations = useMemo(() => newestFirst(data?.value ?? []), [data]);

  if (error !== undefined && data === undefined) {
    return <ErrorState message={REGISTRATION_MESSAGES.listFailed} onRetry={() => void mutate()} />;
  }
  if (!isLoading && registrations.length === 0) {
    const description =
      status === undefined
        ? 'Chưa có chủ trọ nào đăng ký sử dụng dịch vụ.'
        : `Không có đăng ký nào ở trạng thái “${REGISTRATION_STATUS_LABELS[status]}”.`;
    return <EmptyState title="Chưa có dữ liệu" description={description} />;
  }

  const lastPage = Math.max(0, Math.ceil(registrations.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);
  const visibleRows = registrations.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" aria-label="Danh sách đăng ký chủ trọ" data-testid="registration-table">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody aria-busy={isLoading}>
            {isLoading ? (
              <LoadingRows />
            ) : (
              visibleRows.map((registration) => (
                <TableRow
                  key={registration.registrationID}
                  hover
                  data-testid={`registration-row-${registration.registrationID}`}
                  {...(onSelect
                    ? {
                        onClick: () => onSelect(registration),
                        onKeyDown: (event: KeyboardEvent) => {
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            onSelect(registration);
                          }
                        },
                        tabIndex: 0,
                        role: 'button',
                        'aria-label': `Xem đăng ký của ${registration.fullName}`,
                        sx: { cursor: 'pointer' },
                      }
                    : {})}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{registration.fullName}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{registration.phoneNumber}</TableCell>
                  <TableCell>{registration.email}</TableCell>
                  <TableCell>{registration.houseName}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{registration.houseAddress}</TableCell>
                  <TableCell align="right">{formatNumber(registration.roomQuota)}</TableCell>
                  <TableCell>
                    <RegistrationStatusChip status={registration.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(registration.createdOn)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {!isLoading && (
        <TablePagination
          component="div"
          count={registrations.length}
          page={currentPage}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
          onPageChange={(_, nextPage) => setPage(nextPage)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </Paper>
  );
}
