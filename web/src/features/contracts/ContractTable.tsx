import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import ButtonBase from '@mui/material/ButtonBase';

import Link from '@mui/material/Link';

import Paper from '@mui/material/Paper';

import Skeleton from '@mui/material/Skeleton';

import Table from '@mui/material/Table';

import TableBody from '@mui/material/TableBody';

import TableCell from '@mui/material/TableCell';

import TableContainer from '@mui/material/TableContainer';

import TableHead from '@mui/material/TableHead';

import TableRow from '@mui/material/TableRow';

import Typography from '@mui/material/Typography';

import useMediaQuery from '@mui/material/useMediaQuery';

import { useTheme } from '@mui/material/styles';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ListPagination } from '../../components/ListPagination';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ContractStatusChip } from './ContractFrame';
import {
  CONTRACT_PAGE_SIZES,
  useContractList,
  type ContractListQuery,
  type ContractRow,
} from './contractsApi';
import { formatDay } from './contractRules';

const COLUMNS = ['Phòng', 'Người đại diện', 'Thời hạn', 'Tiền thuê', 'Trạng thái'] as const;

function term(contract: ContractRow): string {
  return `${formatDay(contract.startDate)} – ${formatDay(contract.endDate)}`;
}

function representativeName(contract: ContractRow): string {
  return contract.renterRepresentative?.occupantName ?? '—';
}

function roomName(contract: ContractRow): string {
  return contract.room?.roomName ?? '—';
}

function ContractCards({ contracts }: { contracts: ContractRow[] }) {
  return (
    <Box component="ul" aria-label="Danh sách hợp đồng" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {contracts.map((contract) => (
        <Box component="li" key={contract.contractID} sx={{ listStyle: 'none' }}>
          <ButtonBase
            component={RouterLink}
            to={paths.contract(contract.contractID)}
            data-testid={`contract-row-${contract.contractID}`}
            sx={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.paper',
            }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>Phòng {roomName(contract)}</Typography>
              <ContractStatusChip status={contract.status} />
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {representativeName(contract)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {term(contract)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatMoney(contract.rentFee)}/tháng
            </Typography>
          </ButtonBase>
        </Box>
      ))}
    </Box>
  );
}

function ContractRows({ contracts }: { contracts: ContractRow[] }) {
  const navigate = useNavigate();
  return contracts.map((contract) => (
    <TableRow
      key={contract.contractID}
      hover
      data-testid={`contract-row-${contract.contractID}`}
      onClick={() => void navigate(paths.contract(contract.contractID))}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <Link
          component={RouterLink}
          to={paths.contract(contract.contractID)}
          onClick={(event) => event.stopPropagation()}
          sx={{ fontWeight: 600 }}
        >
          {roomName(contract)}
        </Link>
      </TableCell>
      <TableCell>{representativeName(contract)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{term(contract)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(contract.rentFee)}
      </TableCell>
      <TableCell>
        <ContractStatusChip status={contract.status} />
      </TableCell>
    </TableRow>
  ));
}

/** The contracts of the house, one server page at a time: a table from 900 px, cards below. */
export function ContractTable({
  query,
  onPageChange,
  onPageSizeChange,
  isFiltered,
  onClearFilters,
  canCreate,
}: {
  query: ContractListQuery | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  isFiltered: boolean;
  onClearFilters: () => void;
  canCreate: boolean;
}) {
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { data, error, isLoading, isValidating, mutate } = useContractList(query);
  const contracts = data?.value ?? [];
  const total = data?.['@odata.count'] ?? contracts.length;

  if (error !== undefined && data === undefined) return <ErrorState onRetry={() => void mutate()} />;
  if (isLoading && data === undefined) {
    return (
      <Box aria-busy="true" aria-label="Đang tải danh sách hợp đồng" sx={{ display: 'grid', gap: 1 }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={56} />
        ))}
      </Box>
    );
  }
  if (contracts.length === 0 && query !== null && query.page === 0) {
    return isFiltered ? (
      <EmptyState
        title="Không có hợp đồng phù hợp"
        description="Không có hợp đồng nào khớp với bộ lọc đang chọn."
        action={<Button onClick={onClearFilters}>Xóa bộ lọc</Button>}
      />
    ) : (
      <EmptyState
        title="Chưa có hợp đồng"
        description="Nhà trọ chưa có hợp đồng nào."
        action={
          canCreate ? (
            <Button component={RouterLink} to={paths.createContract()} variant="contained">
              Tạo hợp đồng
            </Button>
          ) : undefined
        }
      />
    );
  }

  const pagination = (
    <ListPagination
      count={total}
      page={query?.page ?? 0}
      pageSize={query?.pageSize ?? CONTRACT_PAGE_SIZES[0]}
      pageSizes={CONTRACT_PAGE_SIZES}
      onPage={onPageChange}
      onPageSize={onPageSizeChange}
      testId="contracts-pagination"
    />
  );

  return (
    <Box aria-busy={isValidating} data-testid="contracts-list" data-count={total}>
      {isWide ? (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <TableContainer>
            <Table size="small" aria-label="Danh sách hợp đồng">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell
                      key={column}
                      align={column === 'Tiền thuê' ? 'right' : 'left'}
                      sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                    >
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                <ContractRows contracts={contracts} />
              </TableBody>
            </Table>
          </TableContainer>
          {pagination}
        </Paper>
      ) : (
        <>
          <ContractCards contracts={contracts} />
          {pagination}
        </>
      )}
    </Box>
  );
}
