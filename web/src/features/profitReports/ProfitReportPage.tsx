import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ProfitReport } from '@nhatro/common';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { attachmentName, fetchBinary, readJsonBody, saveBlob } from '../../components/fileTransfer';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { errorMessageOf } from '../../lib/api';
import { dayjs, formatMoney, VIETNAM_TIME_ZONE } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { ProfitMonthsTable } from './ProfitMonthsTable';
import { profitReportKeys, useProfitReport } from './profitReportsApi';
import { RentTaxCard } from './RentTaxCard';

const ProfitChart = lazy(() => import('./ProfitChart'));

const ALL_HOUSES = 'all';

function recentYears(): number[] {
  const year = dayjs().tz(VIETNAM_TIME_ZONE).year();
  return Array.from({ length: 5 }, (_, index) => year - index);
}

function ExportButton({ houseID, year }: { houseID: string | null; year: number }) {
  const [isExporting, setIsExporting] = useState(false);
  const exportReport = async () => {
    setIsExporting(true);
    try {
      const reply = await fetchBinary(profitReportKeys.export(houseID, year));
      if (reply.status !== 200) {
        throw new Error(errorMessageOf(await readJsonBody(reply.body)) ?? `HTTP ${reply.status}`);
      }
      saveBlob(reply.body, attachmentName(reply.header('Content-Disposition'), `loi-nhuan-${year}.xlsx`));
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Xuất báo cáo lợi nhuận thất bại!', error));
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void exportReport()}
      loading={isExporting}
      loadingPosition="start"
      data-testid="profit-export-button"
    >
      Xuất Excel
    </Button>
  );
}

function Totals({ report }: { report: ProfitReport }) {
  const items = [
    { label: 'Tiền thu', value: report.totals.received, testId: 'profit-total-received' },
    { label: 'Chi phí', value: report.totals.expenses, testId: 'profit-total-expenses' },
    { label: 'Lợi nhuận', value: report.totals.profit, testId: 'profit-total-profit' },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {items.map((item) => (
        <Paper key={item.label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label} năm {report.year}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            sx={{ color: item.value < 0 ? 'error.main' : undefined }}
            data-testid={item.testId}
          >
            {formatMoney(item.value)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function ReportBody({ report }: { report: ProfitReport }) {
  return (
    <Stack spacing={2}>
      <Totals report={report} />
      <RentTaxCard report={report} />
      <Paper variant="outlined" sx={{ p: 1 }} data-testid="profit-chart">
        <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
          <ProfitChart months={report.months} />
        </Suspense>
      </Paper>
      <ProfitMonthsTable months={report.months} />
    </Stack>
  );
}

/** /profitReport: money received against expenses per month, EVN beside billed electricity, the tax threshold. */
export function ProfitReportPage() {
  const session = useSignedInSession();
  const [scope, setScope] = useState<string>(session.houseID ?? ALL_HOUSES);
  const [year, setYear] = useState(() => recentYears()[0] as number);
  const houseID = scope === ALL_HOUSES ? null : scope;
  const { data, error, mutate } = useProfitReport(houseID, year);

  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    content = <Skeleton variant="rounded" height={320} aria-label="Đang tải báo cáo" />;
  else content = <ReportBody report={data} />;

  return (
    <Box data-testid="profit-report-page">
      <title>Lợi nhuận — Nhà trọ</title>
      <PageHeader
        title="Lợi nhuận"
        subtitle="Tiền thu từ người thuê so với chi phí, theo từng tháng"
        actions={<ExportButton houseID={houseID} year={year} />}
      />
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {session.houses.length > 1 && (
          <TextField
            select
            size="small"
            label="Nhà trọ"
            value={scope}
            onChange={(event) => setScope(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'profit-scope' } }}
          >
            <MenuItem value={ALL_HOUSES}>Tất cả nhà trọ</MenuItem>
            {session.houses.map((house) => (
              <MenuItem key={house.houseID} value={house.houseID}>
                {house.houseName}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label="Năm"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'profit-year' } }}
        >
          {recentYears().map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button component={RouterLink} to={paths.expenses}>
          Ghi chi phí
        </Button>
      </Stack>
      {content}
    </Box>
  );
}
