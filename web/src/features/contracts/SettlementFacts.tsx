import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber } from '../../lib/format';
import { METER_KIND_LABELS, METER_UNITS, type Settlement } from '@nhatro/common';

/** Labels and values as a `dl` grid: two columns on phones, three from 600 px. */
export function Facts({
  items,
  testIdPrefix,
}: {
  items: Array<[label: string, value: ReactNode, id?: string]>;
  testIdPrefix: string;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {items.map(([label, value, id]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid={id ? `${testIdPrefix}-${id}` : undefined}
          >
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** 'Hoàn lại' when the deposit covers everything, 'Người thuê còn nợ' otherwise. */
export function refundLabel(refund: number): string {
  return refund >= 0 ? 'Hoàn lại người thuê' : 'Người thuê còn phải trả';
}

/** The last use of each meter: 'Tiền điện khi trả phòng (1.149 → 1.180: 31 kWh)'. */
function meterRows(settlement: Settlement): Array<readonly [string, string, string]> {
  return (settlement.meterUse ?? []).map((use) => [
    `Tiền ${METER_KIND_LABELS[use.kind].toLowerCase()} khi trả phòng (${formatNumber(use.fromIndex)} → ${formatNumber(use.toIndex)}: ${formatNumber(use.usage)} ${METER_UNITS[use.kind]})`,
    `− ${formatMoney(use.amount)}`,
    `meter-${use.kind}`,
  ]);
}

/** Deposit, prorated rent, damages, unpaid one-time charges and what is given back (or still owed). */
export function SettlementFacts({
  settlement,
  testIdPrefix,
}: {
  settlement: Settlement;
  testIdPrefix: string;
}) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.75 }}
      data-testid={testIdPrefix}
    >
      {(
        [
          ['Tiền cọc', formatMoney(settlement.deposit), 'deposit'],
          settlement.proratedRent >= 0
            ? ([
                settlement.billedRent !== undefined
                  ? 'Tiền thuê tháng cuối (theo ngày, trừ phần đã có trong hóa đơn tháng)'
                  : 'Tiền thuê tháng cuối (theo ngày)',
                `− ${formatMoney(settlement.proratedRent)}`,
                'prorated',
              ] as const)
            : ([
                'Hoàn tiền thuê đã tính cho những ngày sau khi trả phòng',
                `+ ${formatMoney(-settlement.proratedRent)}`,
                'prorated',
              ] as const),
          ['Tiền bồi thường', `− ${formatMoney(settlement.damageCharges)}`, 'damages'],
          // Recorded settlements since billing: one-time charges the tenant had not paid.
          ...(settlement.unpaidCharges
            ? ([
                [
                  'Phí phát sinh chưa thanh toán',
                  `− ${formatMoney(settlement.unpaidCharges)}`,
                  'unpaid-charges',
                ],
              ] as const)
            : []),
          ...(settlement.unpaidBills
            ? ([
                ['Hóa đơn chưa thanh toán', `− ${formatMoney(settlement.unpaidBills)}`, 'unpaid-bills'],
              ] as const)
            : []),
          ...meterRows(settlement),
          // Money paid beyond the bills that no later bill took: given back with the deposit.
          ...(settlement.openSurplus
            ? ([
                [
                  'Tiền thừa chưa trừ vào hóa đơn',
                  `+ ${formatMoney(settlement.openSurplus)}`,
                  'open-surplus',
                ],
              ] as const)
            : []),
          ...(settlement.rounding
            ? ([
                [
                  'Làm tròn',
                  `${settlement.rounding > 0 ? '−' : '+'} ${formatMoney(Math.abs(settlement.rounding))}`,
                  'rounding',
                ],
              ] as const)
            : []),
        ] as const
      ).map(([label, value, id]) => (
        <Box key={id} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}
            data-testid={`${testIdPrefix}-${id}`}
          >
            {value}
          </Box>
        </Box>
      ))}
      <Box component="dt" sx={{ fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.75 }}>
        {refundLabel(settlement.refund)}
      </Box>
      <Box
        component="dd"
        sx={{
          m: 0,
          textAlign: 'right',
          whiteSpace: 'nowrap',
          fontWeight: 700,
          borderTop: 1,
          borderColor: 'divider',
          pt: 0.75,
          color: settlement.refund >= 0 ? 'success.main' : 'error.main',
        }}
        data-testid={`${testIdPrefix}-refund`}
      >
        {formatMoney(Math.abs(settlement.refund))}
      </Box>
    </Box>
  );
}
