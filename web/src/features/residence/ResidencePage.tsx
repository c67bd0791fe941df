import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RESIDENCE_KIND_LABELS,
  RESIDENCE_MESSAGES,
  RESIDENCE_METHOD_LABELS,
  RESIDENCE_METHODS,
  type ResidenceDeadline,
  type ResidenceMethod,
} from '@nhatro/common';
import { useCallback, useState } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { IdentityPhotoPicker } from '../../components/IdentityPhotoPicker';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { declareResidence, downloadCt01, requestReceiptUpload, useResidenceDeadlines } from './residenceApi';

/** "còn 3 ngày", "hôm nay", "quá hạn 2 ngày". */
export function daysLeftText(deadline: Pick<ResidenceDeadline, 'daysLeft'>): string {
  if (deadline.daysLeft === 0) return 'Hạn hôm nay';
  return deadline.daysLeft > 0 ? `Còn ${deadline.daysLeft} ngày` : `Quá hạn ${-deadline.daysLeft} ngày`;
}

const RECEIPT_FIELDS = ['residenceReceiptImage'] as const;
const RECEIPT_LABELS = { residenceReceiptImage: 'Ảnh biên nhận khai báo' } as const;

const STATE_COLORS = { overdue: 'error', dueToday: 'warning', upcoming: 'info' } as const;

function todayInVietnam(): string {
  return new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
}

function DeclareDialog({
  houseID,
  deadline,
  onClose,
}: {
  houseID: string;
  deadline: ResidenceDeadline;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<ResidenceMethod>('vneid');
  const [declaredOn, setDeclaredOn] = useState(todayInVietnam());
  const [receipt, setReceipt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const onUploadBusy = useCallback((busy: boolean) => setUploading(busy), []);
  const save = async () => {
    setSaving(true);
    try {
      await declareResidence(houseID, {
        lesseeInfoID: deadline.lesseeInfoID,
        method,
        declaredOn,
        ...(receipt ? { receiptImage: receipt } : {}),
      });
      notify.success(RESIDENCE_MESSAGES.declared);
      onClose();
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Lưu khai báo thất bại!', error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Đã khai báo cư trú: {deadline.occupantName}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label="Cách khai báo"
          value={method}
          onChange={(event) => setMethod(event.target.value as ResidenceMethod)}
          slotProps={{ htmlInput: { 'data-testid': 'residence-method' } }}
        >
          {RESIDENCE_METHODS.map((value) => (
            <MenuItem key={value} value={value}>
              {RESIDENCE_METHOD_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label="Ngày khai báo"
          value={declaredOn}
          onChange={(event) => setDeclaredOn(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'residence-declared-on' } }}
        />
        <IdentityPhotoPicker
          fields={RECEIPT_FIELDS}
          labels={RECEIPT_LABELS}
          groupLabel="Ảnh biên nhận (không bắt buộc)"
          testIdPrefix="residence"
          values={{ residenceReceiptImage: receipt }}
          links={undefined}
          disabled={saving}
          removable
          requestUpload={(extension) => requestReceiptUpload(houseID, extension)}
          onChange={(_field, blobName) => setReceipt(blobName)}
          onBusyChange={onUploadBusy}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Hủy
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          loading={saving}
          disabled={uploading}
          data-testid="residence-save"
        >
          Lưu
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeadlineRow({ deadline, onDeclare }: { deadline: ResidenceDeadline; onDeclare: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCt01(deadline.lesseeInfoID);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải tờ khai CT01 thất bại!', error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="residence-deadline">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{deadline.occupantName}</Typography>
        <Typography color="text.secondary">· Phòng {deadline.roomName}</Typography>
        <Chip size="small" color={STATE_COLORS[deadline.state]} label={daysLeftText(deadline)} />
      </Box>
      <Typography variant="body2">
        {RESIDENCE_KIND_LABELS[deadline.kind]} — vào ở {formatDate(deadline.moveInDate)}, hạn{' '}
        {formatDate(deadline.dueDate)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="contained" onClick={onDeclare} data-testid="residence-declare">
          Đã khai báo
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => void download()}
          loading={downloading}
          data-testid="residence-ct01"
        >
          Tải tờ khai CT01
        </Button>
      </Box>
    </Paper>
  );
}

/** /residence: who must still be declared (tạm trú / lưu trú), the CT01 form, recording a declaration. */
export function ResidencePage() {
  const { houseID } = useSignedInSession();
  const { data, error, mutate } = useResidenceDeadlines(houseID);
  const [declaring, setDeclaring] = useState<ResidenceDeadline | null>(null);
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined) body = <Skeleton variant="rounded" height={120} aria-label="Đang tải" />;
  else if (data.data.length === 0)
    body = <EmptyState title="Mọi người đang ở đều đã được khai báo cư trú." />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {data.data.map((deadline) => (
          <DeadlineRow
            key={deadline.lesseeInfoID}
            deadline={deadline}
            onDeclare={() => setDeclaring(deadline)}
          />
        ))}
      </Box>
    );
  return (
    <>
      <title>Khai báo cư trú — Nhà trọ</title>
      <PageHeader title="Khai báo tạm trú, lưu trú" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Luật Cư trú 2020: người ở từ 30 ngày trở lên phải đăng ký tạm trú (mẫu CT01) trước ngày thứ 30; ở ngắn
        hơn thì chủ nhà thông báo lưu trú ngay trong ngày. Nghị định 282/2025/NĐ-CP (từ 15/12/2025) phạt cơ sở
        không thông báo lưu trú từ 2 đến 12 triệu đồng.
      </Alert>
      {body}
      {declaring && houseID !== null && (
        <DeclareDialog houseID={houseID} deadline={declaring} onClose={() => setDeclaring(null)} />
      )}
    </>
  );
}
