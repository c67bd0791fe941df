import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import { BILLING_LEVELS } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import {
  owedAmount,
  revalidateBills,
  useRoomCharges,
  type OneTimeChargeReply,
} from '../../lib/api/resources/monthlyBills';
import { useRoom } from '../../lib/api/resources/rooms';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { AddChargeDialog } from '../../components/AddChargeDialog';
import { useActiveRoomContract } from './monthlyBillsApi';
import { BillingRowCard, RoomBillingFrame, type RoomBillingKind } from './RoomBillingFrame';

function ChargeItem({ charge }: { charge: OneTimeChargeReply }) {
  return (
    <BillingRowCard
      to={paths.oneTimeCharge(charge.oneTimeChargeID)}
      name={charge.description}
      when={`Tạo ngày ${formatDate(charge.createdOn)} · Hạn ${formatDate(charge.dueDate)}`}
      status={charge.status}
      amounts={[{ label: 'Số tiền', value: charge.amount }]}
      owed={owedAmount(charge)}
      testId={`charge-row-${charge.oneTimeChargeID}`}
    />
  );
}

const ROOM_CHARGES: RoomBillingKind = {
  title: 'Phí phát sinh',
  tabTitle: 'Phí phát sinh',
  loadingLabel: 'Đang tải khoản phí',
  testIdPrefix: 'room-charges',
};

function ChargeList({
  charges,
  error,
  isLoading,
  onRetry,
}: {
  charges: readonly OneTimeChargeReply[] | undefined;
  error: unknown;
  isLoading: boolean;
  onRetry: () => void;
}) {
  if (error !== undefined && charges === undefined) return <ErrorState onRetry={onRetry} />;
  if (isLoading || charges === undefined) {
    return (
      <Box aria-busy="true" aria-label="Đang tải khoản phí" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={80} />
        <Skeleton variant="rounded" height={80} />
      </Box>
    );
  }
  if (charges.length === 0) {
    return (
      <EmptyState
        title="Chưa có phí phát sinh"
        description="Các khoản thu một lần (sửa chữa, làm lại chìa khóa…) của phòng sẽ hiện ở đây."
      />
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Phí phát sinh của phòng, mới nhất trước"
      sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
      data-testid="room-charge-list"
    >
      {charges.map((charge) => (
        <ChargeItem key={charge.oneTimeChargeID} charge={charge} />
      ))}
    </Box>
  );
}

/** /oneTimeBillCD/{roomID}: the one-time charges of the room's contracts; 'Thêm phí' on the active one. */
export function RoomChargesPage() {
  const { id = '' } = useParams();
  const session = useSignedInSession();
  // The frame shows the room; here only its house, to find the active contract.
  const { data: room } = useRoom(id);
  const { data, error, isLoading, mutate } = useRoomCharges(id);
  const contracts = useActiveRoomContract(room?.houseID ?? null, id);
  const activeContract = contracts.data?.value[0];
  const canAdd = session.role.billingPermission >= BILLING_LEVELS.addCharge;
  const [addOpen, setAddOpen] = useState(false);
  const noContract = contracts.data !== undefined && activeContract === undefined;

  return (
    <RoomBillingFrame
      kind={ROOM_CHARGES}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            component={RouterLink}
            to={paths.roomBills(id)}
            variant="outlined"
            startIcon={<ReceiptOutlined />}
          >
            Hóa đơn tháng
          </Button>
          {canAdd && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setAddOpen(true)}
              disabled={activeContract === undefined}
              data-testid="charge-add"
            >
              Thêm phí
            </Button>
          )}
        </Box>
      }
    >
      {canAdd && noContract && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="charge-no-contract">
          Phòng không có hợp đồng đang hiệu lực nên chưa thể thêm phí.
        </Alert>
      )}
      <ChargeList charges={data?.value} error={error} isLoading={isLoading} onRetry={() => void mutate()} />
      {activeContract !== undefined && (
        <AddChargeDialog
          open={addOpen}
          contractID={activeContract.contractID}
          onClose={() => setAddOpen(false)}
          onSaved={() => {
            void mutate();
            void revalidateBills();
          }}
        />
      )}
    </RoomBillingFrame>
  );
}
