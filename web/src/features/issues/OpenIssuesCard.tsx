import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { useOpenIssueCount } from '../../lib/api/resources/issues';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';

/** The chosen house's issue reports not yet resolved, with a link to /requests. */
export function OpenIssuesCard({ houseID }: { houseID: string | null }) {
  const { data: count, error, mutate } = useOpenIssueCount(houseID);
  if (houseID === null) return null;

  let body;
  if (error !== undefined && count === undefined) {
    body = <ErrorState onRetry={() => void mutate()} />;
  } else if (count === undefined) {
    body = <Skeleton variant="rounded" height={40} aria-label="Đang tải báo cáo sự cố" />;
  } else {
    body = (
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography data-testid="open-issues-count">
          {count === 0 ? (
            'Không có báo cáo nào đang chờ xử lý.'
          ) : (
            <>
              <strong>{formatNumber(count)}</strong> báo cáo chưa xử lý xong
            </>
          )}
        </Typography>
        <Button
          size="small"
          variant={count === 0 ? 'text' : 'contained'}
          component={RouterLink}
          to={paths.requests}
          data-testid="open-issues-link"
        >
          Xem báo cáo
        </Button>
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="open-issues-title"
      sx={{ p: 2, mb: 3 }}
      data-testid="open-issues"
    >
      <Typography
        variant="h2"
        id="open-issues-title"
        sx={{ fontSize: '1.125rem', mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <ReportProblemOutlined fontSize="small" color="warning" aria-hidden />
        Báo cáo sự cố
      </Typography>
      {body}
    </Paper>
  );
}
