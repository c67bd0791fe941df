import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import { LEVEL } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { DetailPageStates } from '../../components/DetailPageStates';
import { PageHeader } from '../../components/PageHeader';
import {
  owedAmount,
  revalidateBills,
  useRoomCharges,
  type OneTimeChargeReply,
} from '../../lib/api/resources/monthlyBills';
import { useRoom } from '../../lib/api/resources/rooms';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { AddChargeDialog } from '../../components/AddChargeDialog';
import { useActiveRoomContract } from './monthlyBillsApi';
import { BackLink, BillStatusChip, ROOM_MISSING } from './billParts';

function ChargeItem({ charge }: { charge: OneTimeChargeReply }) {
  const owed = owedAmount(charge);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      data-testid={`charge-row-${charge.oneTimeChargeID}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={paths.oneTimeCharge(charge.oneTimeChargeID)}
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {charge.description}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Tạo ngày {formatDate(charge.createdOn)} · Hạn {formatDate(charge.dueDate)}
          </Typography>
        </Box>
        <BillStatusChip status={charge.status} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, mt: 1 }}>
        <Typography variant="body2">
          Số tiền: <strong>{formatMoney(charge.amount)}</strong>
        </Typography>
        <Typography variant="body2" sx={{ color: owed > 0 ? 'error.main' : 'text.primary' }}>
          Còn nợ: <strong>{formatMoney(owed)}</strong>
        </Typography>
      </Box>
    </Paper>
  );
}

/** /oneTimeBillCD/{roomID}: the one-time charges of the room's contracts; 'Thêm phí' on the active one. */
export function RoomChargesPage() {
  const { id = '' } = useParams();
  const session = useSignedInSession();
  const { data: room, error: roomError, mutate: reloadRoom } = useRoom(id);
  const { data, error, isLoading, mutate } = useRoomCharges(id);
  const contracts = useActiveRoomContract(room?.houseID ?? null, id);
  const activeContract = contracts.data?.value[0];
  const canAdd = session.role.billingPermission >= LEVEL.full;
  const [addOpen, setAddOpen] = useState(false);
  const roomName = room === undefined ? '' : `Phòng ${room.roomName}`;
  const charges = data?.value;

  let content;
  if (error !== undefined && charges === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading || charges === undefined)
    content = (
      <Box aria-busy="true" aria-label="Đang tải khoản phí" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={80} />
        <Skeleton variant="rounded" height={80} />
      </Box>
    );
  else if (charges.length === 0)
    content = (
      <EmptyState
        title="Chưa có phí phát sinh"
        description="Các khoản thu một lần (sửa chữa, làm lại chìa khóa…) của phòng sẽ hiện ở đây."
      />
    );
  else
    content = (
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

  const noContract = contracts.data !== undefined && activeContract === undefined;
  if (room === undefined && roomError !== undefined) {
    return (
      <DetailPageStates
        error={roomError}
        isLoading={false}
        hasData={false}
        onRetry={() => void reloadRoom()}
        title="Phí phát sinh"
        backLink={null}
        loadingLabel="Đang tải khoản phí"
        missing={ROOM_MISSING}
      />
    );
  }

  return (
    <Box data-testid="room-charges-page" sx={{ maxWidth: 960 }}>
      <title>{`Phí phát sinh ${roomName} — Nhà trọ`}</title>
      <BackLink to={paths.room(id)} label={roomName || 'Về phòng'} testId="room-charges-back" />
      <PageHeader
        title="Phí phát sinh"
        subtitle={roomName || undefined}
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
      />
      {canAdd && noContract && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="charge-no-contract">
          Phòng không có hợp đồng đang hiệu lực nên chưa thể thêm phí.
        </Alert>
      )}
      {content}
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
    </Box>
  );
}
