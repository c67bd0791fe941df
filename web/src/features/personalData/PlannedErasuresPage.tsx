import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { HouseRetention } from './HouseRetention';
import { usePlannedErasures } from './personalDataApi';

/** /personalData: the identity data of people who left that the nightly job will erase, and when. */
export function PlannedErasuresPage() {
  const { houseID } = useSignedInSession();
  const { data, error, mutate } = usePlannedErasures(houseID);
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined) body = <Skeleton variant="rounded" height={120} aria-label="Đang tải" />;
  else if (data.data.length === 0) body = <EmptyState title="Không có giấy tờ nào sắp bị xóa." />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {data.data.map((planned) => (
          <Paper key={planned.lesseeInfoID} variant="outlined" sx={{ p: 2 }} data-testid="planned-erasure">
            <Typography sx={{ fontWeight: 600 }}>{planned.occupantName}</Typography>
            <Typography variant="body2">
              Kết thúc ở {formatDate(planned.stayEndedOn)} · xóa số CCCD và ảnh giấy tờ ngày{' '}
              <strong>{formatDate(planned.erasureDate)}</strong>
            </Typography>
            {planned.erasureRequestedAt && (
              <Typography variant="body2" color="warning.main">
                Người này đã yêu cầu xóa lúc {formatDateTime(planned.erasureRequestedAt)}.
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
    );
  return (
    <>
      <title>Dữ liệu cá nhân — Nhà trọ</title>
      <PageHeader title="Giấy tờ tùy thân sẽ bị xóa" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Luật Bảo vệ dữ liệu cá nhân 91/2025/QH15: số CCCD và ảnh giấy tờ của người đã chuyển đi được giữ theo
        thời gian chọn dưới đây (mặc định 12 tháng) sau khi kết thúc thời gian ở, rồi tự động xóa; họ tên và
        các mốc thời gian vẫn được giữ.
      </Alert>
      {houseID !== null && <HouseRetention houseID={houseID} onSaved={() => void mutate()} />}
      {body}
    </>
  );
}
