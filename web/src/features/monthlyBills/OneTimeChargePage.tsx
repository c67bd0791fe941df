import Button from '@mui/material/Button';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { BILL_STATUS, BILLING_LEVELS } from '@nhatro/common';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import {
  revalidateBills,
  useOneTimeCharge,
  type OneTimeChargeReply,
} from '../../lib/api/resources/monthlyBills';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { deleteOneTimeCharge, recordChargePayment } from './monthlyBillsApi';
import { BillingItemPage, BillingItemView, type BillingItemKind } from './BillingItemView';

export const CHARGE_DELETED_TEXT = 'Xóa khoản phí thành công!';

const ONE_TIME_CHARGE: BillingItemKind<OneTimeChargeReply> = {
  prefix: 'charge',
  payTarget: 'oneTimeCharge',
  idOf: (charge) => charge.oneTimeChargeID,
  nameOf: (charge) => charge.description,
  headingTestId: 'charge-description',
  documentTitle: (charge) => `Phí: ${charge.description} — Nhà trọ`,
  roomList: { path: paths.roomCharges, label: 'Phí phát sinh của phòng' },
  sectionTitle: 'Khoản phí',
  codeLabel: 'Mã khoản phí',
  columns: 'repeat(2, minmax(0, 1fr))',
  payableOnline: () => true,
  recordPayment: recordChargePayment,
};

/** A charge's own part: deleting it while nothing of it is paid. */
function ChargeView({
  charge,
  onChanged,
}: {
  charge: OneTimeChargeReply;
  onChanged: (next?: OneTimeChargeReply) => void;
}) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const canDelete =
    session.role.roleID !== ROLE_IDS.lessee && session.role.billingPermission >= BILLING_LEVELS.deleteCharge;
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
  const deletable = canDelete && charge.paidAmount === 0 && charge.status === BILL_STATUS.unpaid;

  return (
    <BillingItemView
      kind={ONE_TIME_CHARGE}
      item={charge}
      onChanged={onChanged}
      actions={
        deletable ? (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutline />}
            onClick={() => removal.ask(charge)}
            data-testid="charge-delete"
          >
            Xóa khoản phí
          </Button>
        ) : undefined
      }
      dialogs={
        <ConfirmDialog
          {...removal.dialogProps}
          title="Xóa khoản phí"
          message={
            <>
              Khoản phí <strong>{charge.description}</strong> chưa được thanh toán sẽ bị xóa. Bạn có chắc
              chắn?
            </>
          }
          confirmLabel="Xóa khoản phí"
          testId="charge-delete-dialog"
        />
      }
    />
  );
}

/** /otcBill/{id}: one one-time charge — amount, payments, QR code; cash and delete for the landlord. */
export function OneTimeChargePage() {
  return (
    <BillingItemPage
      useItem={useOneTimeCharge}
      title="Khoản phí"
      missingDescription="Khoản phí này không tồn tại, đã bị xóa hoặc bạn không có quyền xem."
      pageTestId="one-time-charge-page"
      keyOf={(charge) => charge.oneTimeChargeID}
      render={(charge, onChanged) => <ChargeView charge={charge} onChanged={onChanged} />}
    />
  );
}
