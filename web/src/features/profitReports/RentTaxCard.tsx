import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PROFIT_REPORT_TEXTS, type ProfitReport } from '@nhatro/common';
import { formatMoney } from '../../lib/format';

/**
 * The year's rent income so far against the tax threshold of a household renting out rooms: the
 * household's total (every house), each house's share where there are several, a warning from the
 * threshold's warning share, and the rule with its date.
 */
export function RentTaxCard({ report }: { report: ProfitReport }) {
  const { tax } = report;
  const { threshold } = tax;
  const severity = tax.level === 'over' ? 'error' : tax.level === 'near' ? 'warning' : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="rent-tax-card">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Doanh thu cho thuê năm {report.year} và ngưỡng chịu thuế
      </Typography>
      <Typography data-testid="rent-tax-income">
        {report.houses.length > 1 ? 'Tổng các nhà trọ: ' : 'Doanh thu: '}
        <strong>{formatMoney(tax.rentIncome)}</strong> / {formatMoney(threshold.amount)} ({tax.percent} %)
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, tax.percent)}
        color={severity ?? 'primary'}
        sx={{ my: 1, height: 8, borderRadius: 4 }}
        aria-label="Tỷ lệ doanh thu so với ngưỡng chịu thuế"
      />
      {report.houses.length > 1 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="rent-tax-houses">
          {report.houses.map((house) => (
            <Typography component="li" variant="body2" key={house.houseID}>
              {house.houseName}: {formatMoney(house.received)}
            </Typography>
          ))}
        </Box>
      )}
      {!tax.applies && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          Ngưỡng này áp dụng từ năm {threshold.fromYear}.
        </Typography>
      )}
      {severity && (
        <Alert severity={severity} sx={{ mt: 1 }} data-testid="rent-tax-warning">
          {tax.level === 'over' ? PROFIT_REPORT_TEXTS.taxOver : PROFIT_REPORT_TEXTS.taxNear(tax.percent)}
        </Alert>
      )}
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 1, color: 'text.secondary' }}
        data-testid="rent-tax-rule"
      >
        Căn cứ: {threshold.legalBasis} Doanh thu tính theo tiền thực nhận từ người thuê (tiền phòng, điện,
        nước, dịch vụ, phí phát sinh). Bảng Excel có trang “Doanh thu cho thuê” theo từng tháng để kê khai
        thuế.
      </Typography>
    </Paper>
  );
}
