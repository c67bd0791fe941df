import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BILL_MESSAGES, BILL_STATUS, BILLING_LEVELS } from '@nhatro/common';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMonthlyBill, type MonthlyBillReply } from '../../lib/api/resources/monthlyBills';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { recordBillPayment } from './monthlyBillsApi';
import {
  PrintAndPdfButtons,
  RevokeLinkButton,
  ShareLinkBox,
  ShareLinkButton,
  useShareLink,
} from './billActions';
import { BillLines } from './billParts';
import { MeterPhotoLink } from './MeterPhotoLink';
import { BillingItemPage, BillingItemView, type BillingItemKind } from './BillingItemView';
import styles from './billPrint.module.css';

const MONTHLY_BILL: BillingItemKind<MonthlyBillReply> = {
  prefix: 'bill',
  payTarget: 'monthlyBill',
  idOf: (bill) => bill.monthlyBillID,
  nameOf: (bill) => bill.billName,
  headingTestId: 'bill-name',
  documentTitle: (bill) => `${bill.billName} — Nhà trọ`,
  roomList: { path: paths.roomBills, label: 'Hóa đơn của phòng' },
  sectionTitle: 'Chi tiết hóa đơn',
  codeLabel: 'Mã hóa đơn',
  columns: 'minmax(0, 3fr) minmax(0, 2fr)',
  // A bill carried over to the next month is paid with that one.
  payableOnline: (bill) => bill.status !== BILL_STATUS.carriedOver,
  recordPayment: recordBillPayment,
};

/** A bill's own parts: its house and room, sharing, printing, its lines, and where it was carried to. */
function BillView({
  bill,
  onChanged,
  belowLines,
}: {
  bill: MonthlyBillReply;
  onChanged: (next?: MonthlyBillReply) => void;
  belowLines?: BelowLines;
}) {
  const session = useSignedInSession();
  const isTenant = session.role.roleID === ROLE_IDS.lessee;
  const canShare = !isTenant && session.role.billingPermission >= BILLING_LEVELS.shareLink;
  const share = useShareLink(bill.monthlyBillID, () => onChanged());
  // A link made here, or one made before (the server never shows a link again, only until when it works).
  const hasLink = share.link !== null || bill.guestLinkExpiresOn !== undefined;
  const houseName = session.houses.find((house) => house.houseID === bill.houseID)?.houseName;

  return (
    <BillingItemView
      kind={MONTHLY_BILL}
      item={bill}
      onChanged={onChanged}
      printableClassName={styles.printable}
      headerExtra={
        <>
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
        </>
      }
      actions={
        <>
          {canShare && <ShareLinkButton isCreating={share.isCreating} onClick={() => void share.create()} />}
          {canShare && hasLink && (
            <RevokeLinkButton
              isRevoking={share.isRevoking}
              error={share.revokeError}
              onRevoke={share.revoke}
            />
          )}
          <PrintAndPdfButtons monthlyBillID={bill.monthlyBillID} billName={bill.billName} />
        </>
      }
      notice={
        <>
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
        </>
      }
      details={
        <>
          <BillLines
            lines={bill.billDetails}
            testId="bill-lines"
            extra={(line) =>
              line.kind === 'electricity' || line.kind === 'water' ? (
                <MeterPhotoLink line={line} roomID={bill.roomID} month={bill.month} />
              ) : null
            }
          />
          {belowLines?.(bill, () => onChanged())}
        </>
      }
    />
  );
}

/** What the page composing this one shows under the bill's lines (the questions about them). */
type BelowLines = (bill: MonthlyBillReply, reload: () => void) => ReactNode;

/** /bill/{id}: one monthly bill — lines, amounts, payments, QR code; cash, share, print and PDF. */
export function MonthlyBillPage({ belowLines }: { belowLines?: BelowLines } = {}) {
  return (
    <BillingItemPage
      useItem={useMonthlyBill}
      title="Hóa đơn"
      missingDescription="Hóa đơn này không tồn tại hoặc bạn không có quyền xem."
      pageTestId="monthly-bill-page"
      keyOf={(bill) => bill.monthlyBillID}
      render={(bill, onChanged) => <BillView bill={bill} onChanged={onChanged} belowLines={belowLines} />}
    />
  );
}
