import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { paths } from '../../lib/paths';
import { useResidenceDeadlines } from './residenceApi';

/** The dashboard's card: how many people must still be declared, how many of them late, the nearest. */
export function ResidenceDeadlinesCard({ houseID }: { houseID: string | null }) {
  const { data, error, mutate } = useResidenceDeadlines(houseID);
  if (houseID === null) return null;
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    body = <Skeleton variant="rounded" height={40} aria-label="Đang tải hạn khai báo" />;
  else {
    const list = data.data;
    const overdue = list.filter((deadline) => deadline.daysLeft < 0).length;
    const first = list[0];
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
        <Typography data-testid="residence-card-text">
          {list.length === 0 ? (
            'Mọi người đang ở đều đã được khai báo cư trú.'
          ) : (
            <>
              <strong>{list.length}</strong> người chưa khai báo cư trú
              {overdue > 0 ? (
                <>
                  , <strong>{overdue}</strong> người đã quá hạn
                </>
              ) : null}
              {first && first.daysLeft >= 0
                ? ` · gần nhất: ${first.occupantName} (${first.daysLeft === 0 ? 'hôm nay' : `còn ${first.daysLeft} ngày`})`
                : ''}
            </>
          )}
        </Typography>
        <Button
          size="small"
          variant={list.length === 0 ? 'text' : 'contained'}
          component={RouterLink}
          to={paths.residence}
          data-testid="residence-card-link"
        >
          Khai báo cư trú
        </Button>
      </Box>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="residence-card-title"
      sx={{ p: 2, mb: 3 }}
      data-testid="residence-card"
    >
      <Typography
        variant="h2"
        id="residence-card-title"
        sx={{ fontSize: '1.125rem', mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <BadgeOutlined fontSize="small" color="primary" aria-hidden />
        Hạn khai báo tạm trú, lưu trú
      </Typography>
      {body}
    </Paper>
  );
}
