import Box from '@mui/material/Box';

import Paper from '@mui/material/Paper';

import Skeleton from '@mui/material/Skeleton';

import Typography from '@mui/material/Typography';

import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';

import type { ContractChange } from '@nhatro/common';
import { useState } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { ContractFrame, contractTitle } from './ContractFrame';
import { useContractChanges, type ContractDetails } from './contractsApi';
import { changeFieldLabel, changeValueText } from './contractRules';

const PAGE_SIZES = [10, 25, 50];

function ChangeItem({ change }: { change: ContractChange }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5, minWidth: 0 }}
      data-testid={`contract-change-${change.contractChangeID}`}
      data-field={change.field}
    >
      <Typography
        component="h2"
        sx={{ fontWeight: 700, fontSize: '1rem' }}
        data-testid="contract-change-field"
      >
        {changeFieldLabel(change.field)}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
        data-testid="contract-change-values"
      >
        <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
          {changeValueText(change.field, change.oldValue)}
        </Box>
        <ArrowForwardOutlined fontSize="small" aria-label="thành" />
        <Box component="span" sx={{ fontWeight: 600 }}>
          {changeValueText(change.field, change.newValue)}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {change.changedByName} · {formatDateTime(change.changedOn)}
      </Typography>
      {change.reason && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Lý do: {change.reason}
        </Typography>
      )}
    </Paper>
  );
}

function HistoryList({ contract }: { contract: ContractDetails }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const { data, error, isLoading, isValidating, mutate } = useContractChanges(
    contract.contractID,
    page,
    pageSize,
  );
  const changes = data?.value ?? [];
  const total = data?.['@odata.count'] ?? changes.length;

  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading && data === undefined)
    content = (
      <Box aria-busy="true" aria-label="Đang tải lịch sử" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  else if (total === 0)
    content = (
      <EmptyState
        title="Chưa có thay đổi"
        description="Mỗi lần gia hạn, đổi tiền thuê, tiền cọc hay kết thúc hợp đồng đều được ghi lại ở đây."
      />
    );
  else
    content = (
      <>
        <Box
          component="ol"
          aria-label="Các thay đổi, mới nhất trước"
          aria-busy={isValidating}
          sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
          data-testid="contract-changes"
        >
          {changes.map((change) => (
            <ChangeItem key={change.contractChangeID} change={change} />
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
      <title>{`Lịch sử — ${contractTitle(contract)} — Nhà trọ`}</title>
      <PageHeader title="Lịch sử hợp đồng" subtitle={contractTitle(contract)} />
      <Box sx={{ maxWidth: 880 }}>{content}</Box>
    </>
  );
}

/** /contracts/contractHistory/{id}: what changed, from what to what, who, when and why; newest first. */
export function ContractHistoryPage() {
  return (
    <Box data-testid="contract-history-page">
      <ContractFrame title="Lịch sử hợp đồng" back="contract">
        {(contract) => <HistoryList key={contract.contractID} contract={contract} />}
      </ContractFrame>
    </Box>
  );
}
