import { RowList } from '../../components/RowList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BILL_DISPUTE_STATUS_LABELS,
  parseVietnameseNumber,
  type BillLine,
  type MonthlyBill,
} from '@nhatro/common';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { failureText, isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import {
  answerDispute,
  askAboutLine,
  questionPhotoUrl,
  uploadQuestionPhoto,
  useBillDisputes,
  type BillDisputeReply,
} from './billDisputesApi';
import { preparePhoto } from '../../components/photoFile';

/** Runs a save: its success toast, or its message kept for the form (an expired session says nothing). */
function useSaving(): {
  busy: boolean;
  problem: string | undefined;
  run: (save: () => Promise<{ message?: string }>, after: () => void) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const run = async (save: () => Promise<{ message?: string }>, after: () => void) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const saved = await save();
      if (saved.message) notify.success(saved.message);
      after();
    } catch (failure) {
      if (!isSessionExpiry(failure)) setProblem(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

function questionable(line: BillLine): boolean {
  return line.kind !== 'rounding' && line.kind !== 'debt';
}

/** The tenant's form: which line, and why. */
function AskForm({
  bill,
  open,
  onSent,
}: {
  bill: MonthlyBill;
  open: BillDisputeReply[];
  onSent: () => void;
}) {
  const [lineIndex, setLineIndex] = useState<string>('');
  const [reason, setReason] = useState('');
  const [image, setImage] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const saving = useSaving();
  const choosePhoto = async (file: File) => {
    setUploading(true);
    try {
      setImage(await uploadQuestionPhoto(bill.houseID, await preparePhoto(file)));
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải ảnh lên thất bại!', error));
    } finally {
      setUploading(false);
    }
  };
  const send = () =>
    saving.run(
      () =>
        askAboutLine({
          monthlyBillID: bill.monthlyBillID,
          lineIndex: Number(lineIndex),
          reason,
          ...(image ? { image } : {}),
        }),
      () => {
        setReason('');
        setImage(undefined);
        setLineIndex('');
        onSent();
      },
    );
  return (
    <Box
      component="form"
      noValidate
      data-testid="bill-dispute-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (lineIndex !== '') void send();
      }}
      sx={{ display: 'grid', gap: 1.5, mt: 1 }}
    >
      <TextField
        select
        id="bill-dispute-line"
        label="Dòng muốn khiếu nại"
        value={lineIndex}
        onChange={(event) => setLineIndex(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'bill-dispute-line' } }}
      >
        {bill.billDetails.map((line, index) =>
          questionable(line) ? (
            <MenuItem
              key={index}
              value={String(index)}
              disabled={open.some((dispute) => dispute.lineIndex === index)}
            >
              {line.description} — {formatMoney(line.amount)}
            </MenuItem>
          ) : null,
        )}
      </TextField>
      <TextField
        id="bill-dispute-reason"
        label="Lý do"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        error={saving.problem !== undefined}
        helperText={saving.problem}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'bill-dispute-reason' } }}
      />
      <Button component="label" variant="outlined" loading={uploading} sx={{ minHeight: 44 }}>
        {image ? 'Đã đính kèm ảnh · chọn ảnh khác' : 'Đính kèm ảnh (không bắt buộc)'}
        <input
          hidden
          type="file"
          accept="image/*"
          data-testid="bill-dispute-photo"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void choosePhoto(file);
          }}
        />
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={saving.busy || uploading || lineIndex === ''}
        sx={{ minHeight: 48 }}
        data-testid="bill-dispute-send"
      >
        Gửi khiếu nại
      </Button>
    </Box>
  );
}

/** The landlord's answer to an open question: the right amount, or a reason for refusing. */
function AnswerForm({ dispute, onAnswered }: { dispute: BillDisputeReply; onAnswered: () => void }) {
  const [amount, setAmount] = useState('');
  const [answer, setAnswer] = useState('');
  const saving = useSaving();
  const newAmount = parseVietnameseNumber(amount);
  const correct = () =>
    saving.run(
      () =>
        answerDispute(dispute.billDisputeID, {
          outcome: 'corrected',
          newAmount: newAmount ?? Number.NaN,
          ...(answer.trim() ? { answer: answer.trim() } : {}),
        }),
      onAnswered,
    );
  const reject = () =>
    saving.run(() => answerDispute(dispute.billDisputeID, { outcome: 'rejected', answer }), onAnswered);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 1.5 }} data-testid="bill-dispute-answer">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <TextField
          size="small"
          id={`dispute-amount-${dispute.billDisputeID}`}
          label="Số tiền đúng của dòng (₫)"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          helperText={newAmount !== undefined ? formatMoney(newAmount) : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'bill-dispute-amount' } }}
          sx={{ flex: '1 1 200px' }}
        />
        <TextField
          size="small"
          id={`dispute-answer-${dispute.billDisputeID}`}
          label="Trả lời người thuê"
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          helperText=" "
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'bill-dispute-reply' } }}
          sx={{ flex: '2 1 260px' }}
        />
      </Box>
      {saving.problem && (
        <Alert severity="error" data-testid="bill-dispute-problem">
          {saving.problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          disabled={saving.busy || newAmount === undefined}
          onClick={() => void correct()}
          data-testid="bill-dispute-correct"
        >
          Điều chỉnh hóa đơn
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          disabled={saving.busy}
          onClick={() => void reject()}
          data-testid="bill-dispute-reject"
        >
          Không chấp nhận
        </Button>
      </Box>
    </Box>
  );
}

/** 'Xem ảnh' of a question: opened in a new tab with a short-lived link. */
function QuestionPhoto({ blobName }: { blobName: string }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      window.open(await questionPhotoUrl(blobName), '_blank', 'noopener');
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Không mở được ảnh.', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      loading={busy}
      onClick={() => void open()}
      data-testid="bill-dispute-image"
      sx={{ px: 0 }}
    >
      Xem ảnh khách gửi
    </Button>
  );
}

function DisputeItem({
  dispute,
  canAnswer,
  onAnswered,
}: {
  dispute: BillDisputeReply;
  canAnswer: boolean;
  onAnswered: () => void;
}) {
  const color =
    dispute.status === 'open' ? 'warning' : dispute.status === 'corrected' ? 'success' : 'default';
  return (
    <Box
      component="li"
      data-testid={`bill-dispute-${dispute.lineIndex}`}
      data-status={dispute.status}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {dispute.lineDescription} — {formatMoney(dispute.lineAmount)}
        </Typography>
        <Chip size="small" color={color} label={BILL_DISPUTE_STATUS_LABELS[dispute.status]} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {dispute.createdByName ?? 'Người thuê'} hỏi lúc {formatDateTime(dispute.createdOn)}: {dispute.reason}
      </Typography>
      {dispute.image && <QuestionPhoto blobName={dispute.image} />}
      {dispute.correction && (
        <Typography variant="body2" data-testid="bill-dispute-correction">
          Đã điều chỉnh: {formatMoney(dispute.correction.from)} → {formatMoney(dispute.correction.to)}; tổng
          hóa đơn {formatMoney(dispute.correction.totalFrom)} → {formatMoney(dispute.correction.totalTo)}
          {dispute.answeredOn ? ` (${formatDateTime(dispute.answeredOn)})` : ''}.
        </Typography>
      )}
      {dispute.answer && (
        <Typography variant="body2" data-testid="bill-dispute-answer-text">
          Chủ trọ trả lời: {dispute.answer}
        </Typography>
      )}
      {dispute.status === 'open' && canAnswer && <AnswerForm dispute={dispute} onAnswered={onAnswered} />}
    </Box>
  );
}

/**
 * 'Khiếu nại hóa đơn' on a bill (issue 27): the questions about its lines and their outcome, for the tenant
 * and the landlord alike; the tenant asks about a line, the landlord or billing staff answer.
 */
export function BillDisputesSection({
  bill,
  canAsk,
  canAnswer,
  onBillChanged,
}: {
  bill: MonthlyBill;
  canAsk: boolean;
  canAnswer: boolean;
  onBillChanged: () => void;
}) {
  const { data, error, mutate } = useBillDisputes(bill.monthlyBillID);
  const [asking, setAsking] = useState(false);
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    body = <Skeleton variant="rounded" height={40} aria-label="Đang tải khiếu nại" />;
  else {
    const open = data.value.filter((dispute) => dispute.status === 'open');
    body = (
      <>
        {data.value.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }} data-testid="bill-disputes-empty">
            Chưa có khiếu nại nào về hóa đơn này.
          </Typography>
        )}
        <RowList>
          {data.value.map((dispute) => (
            <DisputeItem
              key={dispute.billDisputeID}
              dispute={dispute}
              canAnswer={canAnswer}
              onAnswered={() => {
                void mutate();
                onBillChanged();
              }}
            />
          ))}
        </RowList>
        {canAsk &&
          (asking ? (
            <AskForm
              bill={bill}
              open={open}
              onSent={() => {
                setAsking(false);
                void mutate();
              }}
            />
          ) : (
            <Button
              variant="outlined"
              color="warning"
              fullWidth
              sx={{ mt: 1, minHeight: 48 }}
              onClick={() => setAsking(true)}
              data-testid="bill-dispute-open"
            >
              Khiếu nại hóa đơn
            </Button>
          ))}
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby="bill-disputes-title" sx={{ mt: 3 }} data-testid="bill-disputes">
      <Typography
        variant="h3"
        id="bill-disputes-title"
        sx={{ fontSize: '1.0625rem', fontWeight: 700, mb: 1 }}
      >
        Khiếu nại hóa đơn
      </Typography>
      {body}
    </Box>
  );
}
