import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { BILL_STATUS, LEVEL } from '@nhatro/common';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { PayOnlineButton } from '../../components/PayOnlineButton';
import { SectionCard } from '../../components/SectionCard';
import {
  owedAmount,
  revalidateBills,
  useOneTimeCharge,
  type OneTimeChargeReply,
} from '../../lib/api/resources/monthlyBills';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { deleteOneTimeCharge, recordChargePayment } from './monthlyBillsApi';
import {
  AmountSummary,
  BackLink,
  BillingItemStates,
  BillStatusChip,
  CashPaymentDialog,
  CollectCashButton,
  Facts,
  PaymentColumn,
  useCashPayment,
} from './billParts';

export const CHARGE_DELETED_TEXT = 'Xóa khoản phí thành công!';

function ChargeView({
  charge,
  onChanged,
}: {
  charge: OneTimeChargeReply;
  onChanged: (next?: OneTimeChargeReply) => void;
}) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const isTenant = session.role.roleID === ROLE_IDS.lessee;
  const canCollect = !isTenant && session.role.billingPermission >= LEVEL.full;
  const canDelete = !isTenant && session.role.billingPermission >= LEVEL.full;
  const owed = owedAmount(charge);
  const cash = useCashPayment((payment) => recordChargePayment(charge, payment), onChanged);
  const { removal } = useEntityDialogs<OneTimeChargeReply>({
    remove: deleteOneTimeCharge,
    afterRemove: async (deleted) => {
      void revalidateBills();
      await navigate(paths.roomCharges(deleted.roomID), { replace: true });
    },
    removedText: CHARGE_DELETED_TEXT,
    removeFailedText: 'Xóa khoản phí thất bại!',
    keepOpenOnStatuses: [409],
  });

  return (
    <>
      <title>{`Phí: ${charge.description} — Nhà trọ`}</title>
      {isTenant ? (
        <BackLink to={paths.lesseeRoom} label="Phòng của tôi" testId="charge-back" />
      ) : (
        <BackLink
          to={paths.roomCharges(charge.roomID)}
          label="Phí phát sinh của phòng"
          testId="charge-back"
        />
      )}
      <Box sx={{ mb: 2 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="charge-description">
          {charge.description}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <BillStatusChip status={charge.status} testId="charge-status" />
        </Box>
      </Box>
      {(canCollect || canDelete) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {isTenant && owed > 0 && <PayOnlineButton target="oneTimeCharge" id={charge.oneTimeChargeID} />}
          {canCollect && owed > 0 && <CollectCashButton onClick={cash.open} testId="charge-collect" />}
          {canDelete && charge.paidAmount === 0 && charge.status === BILL_STATUS.unpaid && (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutline />}
              onClick={() => removal.ask(charge)}
              data-testid="charge-delete"
            >
              Xóa khoản phí
            </Button>
          )}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <SectionCard id="charge-main" title="Khoản phí" testId="charge-details">
          <Facts
            items={[
              { key: 'code', label: 'Mã khoản phí', value: charge.billCode },
              { key: 'created', label: 'Ngày tạo', value: formatDate(charge.createdOn) },
              { key: 'due', label: 'Hạn thanh toán', value: formatDate(charge.dueDate) },
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <AmountSummary total={charge.amount} paid={charge.paidAmount} owed={owed} testIdPrefix="charge" />
          </Box>
        </SectionCard>
        <PaymentColumn item={charge} owed={owed} prefix="charge" />
      </Box>
      {canCollect && (
        <CashPaymentDialog
          open={cash.isOpen}
          owed={owed}
          subject={charge.description}
          onClose={cash.close}
          onSubmit={cash.pay}
        />
      )}
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa khoản phí"
        message={
          <>
            Khoản phí <strong>{charge.description}</strong> chưa được thanh toán sẽ bị xóa. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa khoản phí"
        testId="charge-delete-dialog"
      />
    </>
  );
}

/** /otcBill/{id}: one one-time charge — amount, payments, QR code; cash and delete for the landlord. */
export function OneTimeChargePage() {
  const { id = '' } = useParams();
  const { data: charge, error, isLoading, mutate } = useOneTimeCharge(id);
  if (charge === undefined) {
    return (
      <BillingItemStates
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        title="Khoản phí"
        missingDescription="Khoản phí này không tồn tại, đã bị xóa hoặc bạn không có quyền xem."
      />
    );
  }
  return (
    <Box data-testid="one-time-charge-page">
      <ChargeView
        key={charge.oneTimeChargeID}
        charge={charge}
        onChanged={(next) => void (next === undefined ? mutate() : mutate(next, { revalidate: true }))}
      />
    </Box>
  );
}
