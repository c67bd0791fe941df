import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MyData } from '@nhatro/common';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { confirmConsent, downloadMyData, requestErasure, useMyData } from './personalDataApi';

function text(record: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = record?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function Consent({ data, onChanged }: { data: MyData; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const purpose = text(data.occupant, 'consentPurpose');
  const at = text(data.occupant, 'consentAt');
  const by = text(data.occupant, 'consentBy');
  const confirmedAt = text(data.occupant, 'consentConfirmedAt');
  const requestedAt = text(data.occupant, 'erasureRequestedAt');
  const run = async (action: () => Promise<{ message?: string }>, failure: string) => {
    setBusy(true);
    try {
      const reply = await action();
      if (reply.message) notify.success(reply.message);
      onChanged();
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText(failure, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="my-data-consent">
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        Giấy tờ tùy thân và sự đồng ý
      </Typography>
      <Typography variant="body2">
        Ảnh đã lưu: {data.identityPhotos.length > 0 ? data.identityPhotos.join(', ') : 'không có'}.
      </Typography>
      {purpose && (
        <Typography variant="body2">
          Mục đích: {purpose}
          {at ? ` Ghi nhận lúc ${formatDateTime(at)}` : ''}
          {by ? `, bởi ${by}.` : ''}
        </Typography>
      )}
      <Typography variant="body2">
        Số CCCD và ảnh giấy tờ được giữ {data.retention.months} tháng sau khi bạn chuyển đi rồi tự động xóa
        {data.retention.erasureDate ? ` (ngày ${formatDate(data.retention.erasureDate)})` : ''}.
      </Typography>
      {data.occupant && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {confirmedAt ? (
            <Alert severity="success" sx={{ flex: '1 1 100%' }}>
              Bạn đã xác nhận đồng ý lúc {formatDateTime(confirmedAt)}.
            </Alert>
          ) : (
            <Button
              variant="contained"
              loading={busy}
              onClick={() => void run(confirmConsent, 'Xác nhận thất bại!')}
              data-testid="my-data-confirm-consent"
            >
              Tôi đồng ý
            </Button>
          )}
          {requestedAt ? (
            <Alert severity="info" sx={{ flex: '1 1 100%' }} data-testid="my-data-erasure-requested">
              Bạn đã yêu cầu xóa lúc {formatDateTime(requestedAt)}; chủ trọ đã được thông báo.
            </Alert>
          ) : (
            <Button
              variant="outlined"
              color="error"
              loading={busy}
              onClick={() => void run(requestErasure, 'Gửi yêu cầu xóa thất bại!')}
              data-testid="my-data-request-erasure"
            >
              Yêu cầu xóa giấy tờ
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** /myData: what the product keeps about the signed-in person; download it, confirm, ask for erasure. */
export function MyDataPage() {
  const { data, error, mutate } = useMyData();
  const [downloading, setDownloading] = useState<'json' | 'pdf' | null>(null);
  const download = async (format: 'json' | 'pdf') => {
    setDownloading(format);
    try {
      await downloadMyData(format);
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(failureText('Tải dữ liệu thất bại!', failure));
    } finally {
      setDownloading(null);
    }
  };
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined) body = <Skeleton variant="rounded" height={160} aria-label="Đang tải" />;
  else {
    const mine = data.data;
    const rows: Array<[string, string | undefined]> = [
      ['Họ tên', mine.account.fullName],
      ['Tên đăng nhập', mine.account.username],
      ['Số điện thoại', mine.account.phoneNumber],
      ['Số CCCD', text(mine.occupant, 'citizenID')],
      ['Phòng', mine.tenancy ? `${mine.tenancy.roomName} · ${mine.tenancy.houseName}` : undefined],
    ];
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="my-data-summary">
          {rows
            .filter((row): row is [string, string] => row[1] !== undefined)
            .map(([label, value]) => (
              <Typography key={label} variant="body2">
                <strong>{label}:</strong> {value}
              </Typography>
            ))}
        </Paper>
        <Consent data={mine} onChanged={() => void mutate()} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            loading={downloading === 'pdf'}
            onClick={() => void download('pdf')}
            data-testid="my-data-pdf"
          >
            Tải PDF
          </Button>
          <Button
            variant="outlined"
            loading={downloading === 'json'}
            onClick={() => void download('json')}
            data-testid="my-data-json"
          >
            Tải JSON
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <>
      <title>Dữ liệu cá nhân — Nhà trọ</title>
      <PageHeader
        title="Dữ liệu cá nhân của tôi"
        subtitle="Theo Luật Bảo vệ dữ liệu cá nhân số 91/2025/QH15"
      />
      {body}
    </>
  );
}
