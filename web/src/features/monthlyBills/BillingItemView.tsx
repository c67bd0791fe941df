import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BILLING_LEVELS,
  REFUND_REASON_LABELS,
  type CashPaymentInput,
  type PaymentEntry,
  type RefundDueEntry,
} from '@nhatro/common';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { PayOnlineButton } from '../../components/PayOnlineButton';
import { SectionCard } from '../../components/SectionCard';
import { owedAmount } from '../../lib/api/resources/monthlyBills';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import {
  AmountSummary,
  BackLink,
  BillingItemStates,
  BillStatusChip,
  Facts,
  PaymentColumn,
} from './billParts';
import { CashPaymentDialog, CollectCashButton, useCashPayment } from './cashPayment';

/** What a monthly bill and a one-time charge have in common on their page. */
export interface BillingItem {
  roomID: string;
  billCode: string;
  status: number;
  createdOn: string;
  dueDate: string;
  paidAmount: number;
  payments: readonly PaymentEntry[];
  transferQR?: string | undefined;
  /** Money VNPay took that pays nothing (a replaced or expired link): to be returned to the tenant. */
  refundsDue?: readonly RefundDueEntry[] | undefined;
  total?: number;
  amount?: number;
}

/** How the two kinds differ: names, labels, test ids, where 'back' leads and how cash is recorded. */
export interface BillingItemKind<T extends BillingItem> {
  /** Test ids and anchors: `bill-…` or `charge-…`. */
  prefix: 'bill' | 'charge';
  payTarget: 'monthlyBill' | 'oneTimeCharge';
  idOf: (item: T) => string;
  /** The h1, and what the cash dialog names. */
  nameOf: (item: T) => string;
  headingTestId: string;
  documentTitle: (item: T) => string;
  /** The landlord's way back: the room's list of this kind. */
  roomList: { path: (roomID: string) => string; label: string };
  sectionTitle: string;
  codeLabel: string;
  /** The details beside the side column: 3 to 2 for a bill (its lines are wide), halves for a charge. */
  columns: string;
  /** Whether the tenant may pay it online now (a bill carried over to the next is paid there). */
  payableOnline: (item: T) => boolean;
  recordPayment: (item: T, payment: CashPaymentInput) => Promise<T>;
}

/** Money VNPay took on a link that no longer paid anything: not on the bill, to be returned. */
function RefundsDue({
  refunds,
  isTenant,
  testId,
}: {
  refunds: readonly RefundDueEntry[] | undefined;
  isTenant: boolean;
  testId: string;
}) {
  if (!refunds || refunds.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid={testId}>
      <Typography sx={{ fontWeight: 600 }}>
        {isTenant ? 'Khoản tiền sẽ được hoàn lại cho bạn' : 'Khoản tiền cần hoàn lại cho người thuê'}
      </Typography>
      {refunds.map((refund) => (
        <Typography key={refund.paymentID} variant="body2">
          {formatMoney(refund.amount)} thu qua VNPay lúc {formatDateTime(refund.confirmedOn)}
          {refund.gatewayTransactionNo ? ` (mã giao dịch ${refund.gatewayTransactionNo})` : ''}:{' '}
          {REFUND_REASON_LABELS[refund.refundReason]}, nên không được ghi vào khoản này.
        </Typography>
      ))}
    </Alert>
  );
}

/**
 * The page of one bill or charge: heading and status, the actions (pay online for the tenant, cash for
 * the landlord, then the kind's own), the details with the amounts, the transfer QR code and payments.
 * Each kind adds what it alone has through the slots.
 */
export function BillingItemView<T extends BillingItem>({
  kind,
  item,
  onChanged,
  headerExtra,
  actions,
  notice,
  details,
  dialogs,
  printableClassName,
}: {
  kind: BillingItemKind<T>;
  item: T;
  onChanged: (next?: T) => void;
  headerExtra?: ReactNode;
  /** Buttons after paying and collecting (share, print, delete…). */
  actions?: ReactNode;
  /** Between the actions and the details. */
  notice?: ReactNode;
  /** Under the facts, before the amounts (a bill's lines). */
  details?: ReactNode;
  dialogs?: ReactNode;
  /** The part a printout keeps. */
  printableClassName?: string;
}) {
  const session = useSignedInSession();
  const isTenant = session.role.roleID === ROLE_IDS.lessee;
  const canCollect = !isTenant && session.role.billingPermission >= BILLING_LEVELS.collectCash;
  const owed = owedAmount(item);
  const cash = useCashPayment((payment) => kind.recordPayment(item, payment), onChanged);
  const { prefix } = kind;
  const payOnline = isTenant && owed > 0 && kind.payableOnline(item);
  const collect = canCollect && owed > 0;

  return (
    <>
      <title>{kind.documentTitle(item)}</title>
      {isTenant ? (
        <BackLink to={paths.lesseeRoom} label="Phòng của tôi" testId={`${prefix}-back`} />
      ) : (
        <BackLink
          to={kind.roomList.path(item.roomID)}
          label={kind.roomList.label}
          testId={`${prefix}-back`}
        />
      )}
      <Box
        className={printableClassName}
        data-testid={printableClassName ? `${prefix}-printable` : undefined}
      >
        <Box sx={{ mb: 2 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }} data-testid={kind.headingTestId}>
            {kind.nameOf(item)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <BillStatusChip status={item.status} testId={`${prefix}-status`} />
            {headerExtra}
          </Box>
        </Box>
        {(payOnline || collect || actions) && (
          <Box
            className="no-print"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              mb: 2,
              '& > .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
            }}
            data-testid={`${prefix}-actions`}
          >
            {payOnline && <PayOnlineButton target={kind.payTarget} id={kind.idOf(item)} />}
            {collect && <CollectCashButton onClick={cash.open} testId={`${prefix}-collect`} />}
            {actions}
          </Box>
        )}
        {notice}
        <RefundsDue refunds={item.refundsDue} isTenant={isTenant} testId={`${prefix}-refunds-due`} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: kind.columns },
            alignItems: 'start',
          }}
        >
          <SectionCard id={`${prefix}-main`} title={kind.sectionTitle} testId={`${prefix}-details`}>
            <Facts
              items={[
                { key: 'code', label: kind.codeLabel, value: item.billCode },
                { key: 'created', label: 'Ngày tạo', value: formatDate(item.createdOn) },
                { key: 'due', label: 'Hạn thanh toán', value: formatDate(item.dueDate) },
              ]}
            />
            {details !== undefined && <Box sx={{ mt: 2 }}>{details}</Box>}
            <Box sx={{ mt: 2 }}>
              <AmountSummary
                total={item.total ?? item.amount ?? 0}
                paid={item.paidAmount}
                owed={owed}
                testIdPrefix={prefix}
              />
            </Box>
          </SectionCard>
          <PaymentColumn item={item} owed={owed} prefix={prefix} />
        </Box>
      </Box>
      {canCollect && (
        <CashPaymentDialog
          open={cash.isOpen}
          owed={owed}
          subject={kind.nameOf(item)}
          onClose={cash.close}
          onSubmit={cash.pay}
        />
      )}
      {dialogs}
    </>
  );
}

/** The route of one bill or charge: its states until it is loaded, then `render` with it. */
export function BillingItemPage<T>({
  useItem,
  title,
  missingDescription,
  pageTestId,
  keyOf,
  render,
}: {
  useItem: (id: string) => SWRResponse<T, Error>;
  /** 'Hóa đơn', 'Khoản phí'. */
  title: string;
  missingDescription: string;
  pageTestId: string;
  keyOf: (item: T) => string;
  render: (item: T, onChanged: (next?: T) => void) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { data: item, error, isLoading, mutate } = useItem(id);
  if (item === undefined) {
    return (
      <BillingItemStates
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        title={title}
        missingDescription={missingDescription}
      />
    );
  }
  // A payment's reply is the updated item: shown at once, then read again; otherwise read again.
  const onChanged = (next?: T) => void (next === undefined ? mutate() : mutate(next, { revalidate: true }));
  return (
    <Box data-testid={pageTestId} key={keyOf(item)}>
      {render(item, onChanged)}
    </Box>
  );
}
