import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useContract, type ContractDetails } from './contractApi';
import { CONTRACT_STATUS_COLORS, contractStatusLabel, isContractStatus } from './contractRules';

export function ContractStatusChip({ status, testId }: { status: number; testId?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isContractStatus(status) ? CONTRACT_STATUS_COLORS[status] : 'default'}
      label={contractStatusLabel(status)}
      data-testid={testId}
    />
  );
}

/** "Hợp đồng phòng P101" ("Hợp đồng" while the room is unknown). */
export function contractTitle(contract: ContractDetails): string {
  return contract.room?.roomName ? `Hợp đồng phòng ${contract.room.roomName}` : 'Hợp đồng';
}

export function BackButton({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      size="small"
      startIcon={<ArrowBackOutlined />}
      sx={{ mb: 1, ml: -0.5 }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/**
 * The pages of one contract (`/contracts/…/{id}`): loads it with its navigations and shows the loading,
 * not-found and error states; `children` renders the loaded contract.
 */
export function ContractFrame({
  title,
  back,
  children,
}: {
  /** The document title while loading (the page sets its own once loaded). */
  title: string;
  /** Where the back link goes: the list, or the contract itself for its sub-pages. */
  back: 'list' | 'contract';
  children: (contract: ContractDetails, revalidate: () => Promise<unknown>) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { data: contract, error, isLoading, mutate } = useContract(id);
  const backLink =
    back === 'list' ? (
      <BackButton to={paths.contracts} label="Danh sách hợp đồng" testId="contract-back" />
    ) : (
      <BackButton to={paths.contract(id)} label="Về hợp đồng" testId="contract-back" />
    );

  if (error !== undefined && contract === undefined) {
    const isMissing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <>
        <title>{`${title} — Nhà trọ`}</title>
        {backLink}
        {isMissing ? (
          <EmptyState
            title="Không tìm thấy hợp đồng"
            description="Hợp đồng này không tồn tại hoặc bạn không có quyền xem."
            action={
              <Button component={RouterLink} to={paths.contracts} variant="contained">
                Về danh sách hợp đồng
              </Button>
            }
          />
        ) : (
          <ErrorState onRetry={() => void mutate()} />
        )}
      </>
    );
  }
  if (isLoading || contract === undefined) {
    return (
      <Box aria-busy="true" aria-label="Đang tải hợp đồng">
        <title>{`${title} — Nhà trọ`}</title>
        {backLink}
        <Typography variant="h1">
          <Skeleton width={240} />
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      </Box>
    );
  }
  return (
    <>
      {backLink}
      {children(contract, () => mutate())}
    </>
  );
}
