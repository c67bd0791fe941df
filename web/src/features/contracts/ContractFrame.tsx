import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailPageStates } from '../../components/DetailPageStates';
import { paths } from '../../lib/paths';
import { useContract, type ContractDetails } from './contractsApi';
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

  if (contract === undefined) {
    return (
      <DetailPageStates
        error={error}
        isLoading={isLoading}
        hasData={false}
        onRetry={() => void mutate()}
        title={title}
        backLink={backLink}
        loadingLabel="Đang tải hợp đồng"
        missing={{
          title: 'Không tìm thấy hợp đồng',
          description: 'Hợp đồng này không tồn tại hoặc bạn không có quyền xem.',
          listPath: paths.contracts,
          listLabel: 'Về danh sách hợp đồng',
        }}
      />
    );
  }
  return (
    <>
      {backLink}
      {children(contract, () => mutate())}
    </>
  );
}
