import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BILL_MESSAGES, BILL_STATUS, LEVEL } from '@nhatro/common';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SectionCard } from '../../components/SectionCard';
import { PayOnlineButton } from '../../components/PayOnlineButton';
import { owedAmount, useMonthlyBill, type MonthlyBillReply } from '../../lib/api/resources/monthlyBills';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { recordBillPayment } from './monthlyBillsApi';
import { PrintAndPdfButtons, ShareLinkBox, ShareLinkButton, useShareLink } from './billActions';
import {
  AmountSummary,
  BackLink,
  BillLines,
  BillingItemStates,
  BillStatusChip,
  CashPaymentDialog,
  CollectCashButton,
  Facts,
  PaymentColumn,
  useCashPayment,
} from './billParts';
import styles from './billPrint.module.css';

function BillView({
  bill,
  onChanged,
}: {
  bill: MonthlyBillReply;
  onChanged: (next?: MonthlyBillReply) => void;
}) {
  const session = useSignedInSession();
  const isTenant = session.role.roleID === ROLE_IDS.lessee;
  const canCollect = !isTenant && session.role.billingPermission >= LEVEL.full;
  const owed = owedAmount(bill);
  const cash = useCashPayment((payment) => recordBillPayment(bill, payment), onChanged);
  const share = useShareLink(bill.monthlyBillID);
  const houseName = session.houses.find((house) => house.houseID === bill.houseID)?.houseName;

  const back = isTenant ? (
    <BackLink to={paths.lesseeRoom} label="Phòng của tôi" testId="bill-back" />
  ) : (
    <BackLink to={paths.roomBills(bill.roomID)} label="Hóa đơn của phòng" testId="bill-back" />
  );

  return (
    <>
      <title>{`${bill.billName} — Nhà trọ`}</title>
      {back}
      <Box className={styles.printable} data-testid="bill-printable">
        <Box sx={{ mb: 2 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="bill-name">
            {bill.billName}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <BillStatusChip status={bill.status} testId="bill-status" />
            {houseName && <Typography sx={{ color: 'text.secondary' }}>{houseName}</Typography>}
            {!isTenant && (
              <Link
                component={RouterLink}
                to={paths.room(bill.roomID)}
                className="no-print"
                data-testid="bill-room-link"
              >
                Xem phòng
              </Link>
            )}
          </Box>
        </Box>
        <Box
          className="no-print"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            mb: 2,
            '& > .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
          }}
          data-testid="bill-actions"
        >
          {isTenant && owed > 0 && bill.status !== BILL_STATUS.carriedOver && (
            <PayOnlineButton target="monthlyBill" id={bill.monthlyBillID} />
          )}
          {canCollect && owed > 0 && <CollectCashButton onClick={cash.open} testId="bill-collect" />}
          {canCollect && (
            <ShareLinkButton isCreating={share.isCreating} onClick={() => void share.create()} />
          )}
          <PrintAndPdfButtons monthlyBillID={bill.monthlyBillID} billName={bill.billName} />
        </Box>
        {share.link !== null && (
          <Box sx={{ mb: 2 }}>
            <ShareLinkBox link={share.link} />
          </Box>
        )}
        {bill.status === BILL_STATUS.carriedOver && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="bill-carried-over">
            {BILL_MESSAGES.carriedOver}
            {bill.carriedToBillID && (
              <>
                {' '}
                <Link component={RouterLink} to={paths.monthlyBill(bill.carriedToBillID)}>
                  Mở hóa đơn mới
                </Link>
              </>
            )}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <SectionCard id="bill-main" title="Chi tiết hóa đơn" testId="bill-details">
            <Facts
              items={[
                { key: 'code', label: 'Mã hóa đơn', value: bill.billCode },
                { key: 'created', label: 'Ngày tạo', value: formatDate(bill.createdOn) },
                { key: 'due', label: 'Hạn thanh toán', value: formatDate(bill.dueDate) },
              ]}
            />
            <Box sx={{ mt: 2 }}>
              <BillLines lines={bill.billDetails} testId="bill-lines" />
            </Box>
            <Box sx={{ mt: 2 }}>
              <AmountSummary total={bill.total} paid={bill.paidAmount} owed={owed} testIdPrefix="bill" />
            </Box>
          </SectionCard>
          <PaymentColumn item={bill} owed={owed} prefix="bill" />
        </Box>
      </Box>

      {canCollect && (
        <CashPaymentDialog
          open={cash.isOpen}
          owed={owed}
          subject={bill.billName}
          onClose={cash.close}
          onSubmit={cash.pay}
        />
      )}
    </>
  );
}

/** /bill/{id}: one monthly bill — lines, amounts, payments, QR code; cash, share, print and PDF. */
export function MonthlyBillPage() {
  const { id = '' } = useParams();
  const { data: bill, error, isLoading, mutate } = useMonthlyBill(id);
  if (bill === undefined) {
    return (
      <BillingItemStates
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        title="Hóa đơn"
        missingDescription="Hóa đơn này không tồn tại hoặc bạn không có quyền xem."
      />
    );
  }
  return (
    <Box data-testid="monthly-bill-page">
      <BillView
        key={bill.monthlyBillID}
        bill={bill}
        onChanged={(next) => void (next === undefined ? mutate() : mutate(next, { revalidate: true }))}
      />
    </Box>
  );
}
