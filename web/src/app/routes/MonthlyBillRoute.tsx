// /bill/{id} is two slices: the bill (monthlyBills) and the questions about its lines (billDisputes).
import { BILLING_LEVELS } from '@nhatro/common';
import { BillDisputesSection } from '../../features/billDisputes/BillDisputesSection';
import { MonthlyBillPage } from '../../features/monthlyBills/MonthlyBillPage';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';

/** The bill, with 'Khiếu nại hóa đơn' under its lines: the tenant asks, the landlord or billing staff answer. */
export function MonthlyBillRoute() {
  const { role } = useSignedInSession();
  const isTenant = role.roleID === ROLE_IDS.lessee;
  return (
    <MonthlyBillPage
      belowLines={(bill, reload) => (
        <BillDisputesSection
          bill={bill}
          canAsk={isTenant}
          canAnswer={!isTenant && role.billingPermission >= BILLING_LEVELS.addCharge}
          onBillChanged={reload}
        />
      )}
    />
  );
}
