import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ProfitMonth } from '@nhatro/common';
import { formatMoney } from '../../lib/format';

function monthLabel(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/** Paid to EVN (or the water company) more than tenants were billed: the meter price loses money. */
function utilityText(billed: number, paid: number): { text: string; loses: boolean } {
  return { text: `${formatMoney(billed)} / ${formatMoney(paid)}`, loses: paid > billed };
}

function UtilityCell({ billed, paid, testId }: { billed: number; paid: number; testId: string }) {
  const { text, loses } = utilityText(billed, paid);
  return (
    <TableCell
      align="right"
      sx={{ whiteSpace: 'nowrap', color: loses ? 'error.main' : undefined }}
      data-testid={testId}
    >
      {text}
      {loses ? ' ⚠' : ''}
    </TableCell>
  );
}

/** The twelve months: received, expenses, profit, and electricity and water billed against paid. */
export function ProfitMonthsTable({ months }: { months: readonly ProfitMonth[] }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (isPhone) {
    return (
      <Box component="ul" aria-label="Lợi nhuận theo tháng" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
        {months.map((month) => {
          const electricity = utilityText(month.electricityBilled, month.electricityPaid);
          const water = utilityText(month.waterBilled, month.waterPaid);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={month.month}
              sx={{ listStyle: 'none', p: 1.5 }}
              data-testid="profit-month"
            >
              <Typography sx={{ fontWeight: 700 }}>Tháng {monthLabel(month.month)}</Typography>
              <Typography variant="body2">
                Thu {formatMoney(month.received)} · Chi {formatMoney(month.expenses)}
              </Typography>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, color: month.profit < 0 ? 'error.main' : undefined }}
              >
                Lợi nhuận {formatMoney(month.profit)}
              </Typography>
              <Typography variant="body2" sx={{ color: electricity.loses ? 'error.main' : 'text.secondary' }}>
                Điện thu / trả EVN: {electricity.text}
              </Typography>
              <Typography variant="body2" sx={{ color: water.loses ? 'error.main' : 'text.secondary' }}>
                Nước thu / trả: {water.text}
              </Typography>
            </Paper>
          );
        })}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Lợi nhuận theo tháng" data-testid="profit-table">
        <TableHead>
          <TableRow>
            <TableCell>Tháng</TableCell>
            <TableCell align="right">Tiền thu</TableCell>
            <TableCell align="right">Chi phí</TableCell>
            <TableCell align="right">Lợi nhuận</TableCell>
            <TableCell align="right">Điện: thu / trả EVN</TableCell>
            <TableCell align="right">Nước: thu / trả</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((month) => (
            <TableRow key={month.month} data-testid="profit-month">
              <TableCell>{monthLabel(month.month)}</TableCell>
              <TableCell align="right">{formatMoney(month.received)}</TableCell>
              <TableCell align="right">{formatMoney(month.expenses)}</TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 600, color: month.profit < 0 ? 'error.main' : undefined }}
              >
                {formatMoney(month.profit)}
              </TableCell>
              <UtilityCell
                billed={month.electricityBilled}
                paid={month.electricityPaid}
                testId="profit-electricity"
              />
              <UtilityCell billed={month.waterBilled} paid={month.waterPaid} testId="profit-water" />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
