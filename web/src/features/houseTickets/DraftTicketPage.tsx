import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import {
  BILL_MESSAGES,
  METER_KIND_LABELS,
  TICKET_STATUS,
  type BillLineInput,
  type MeterKind,
} from '@nhatro/common';
import { memo, useCallback, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { failureText, isSessionExpiry, notifyFailure } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import {
  draftNow,
  patchTicket,
  revalidateTicket,
  storeTicket,
  ticketKey,
  useHouseTicket,
  type HouseTicketView,
  type RoomTicketView,
} from './houseTicketsApi';
import { RoomTicketDialog } from './RoomTicketDialog';
import { NoDraft } from './NoDraft';
import { DateField } from '../../components/dates/DateField';
import { isIsoDay } from '../../components/dates/isoDates';

const SAVE_FAILED = 'Lưu bảng kê thất bại!';
const ISSUE_FAILED = 'Phát hành hóa đơn thất bại!';

function monthText(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `${Number(monthNumber)}/${year}`;
}

function missingLabel(kinds: readonly string[]): string {
  return kinds
    .map((kind) => METER_KIND_LABELS[kind as MeterKind] ?? kind)
    .join(', ')
    .toLocaleLowerCase('vi');
}

/** A room's lines: what each is for (with its note) and its amount. */
function TicketLines({ lines }: { lines: RoomTicketView['lines'] }) {
  return (
    <>
      <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Khoản thu">
        {lines.map((line, index) => (
          <Box
            component="li"
            key={`${line.kind}-${index}`}
            sx={{ listStyle: 'none', display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.25 }}
          >
            <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {line.description}
              {line.note && (
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {line.note}
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.amount)}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

const RoomTicketCard = memo(function RoomTicketCard({
  roomTicket,
  issued,
  busy,
  onEdit,
  onToggle,
}: {
  roomTicket: RoomTicketView;
  issued: boolean;
  busy: boolean;
  onEdit: (roomTicket: RoomTicketView) => void;
  onToggle: (roomTicket: RoomTicketView) => void;
}) {
  const { excluded } = roomTicket;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={`room-ticket-${roomTicket.roomID}`}
      data-excluded={excluded}
      aria-label={`Phòng ${roomTicket.roomName}`}
      sx={{ listStyle: 'none', p: 2, minWidth: 0, opacity: excluded ? 0.6 : 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>
          {roomTicket.roomName}
        </Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="room-ticket-total">
          {formatMoney(roomTicket.total)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {excluded && <Chip size="small" label="Không phát hành" data-testid="room-ticket-excluded" />}
        {roomTicket.missingReadings.length > 0 && (
          <Chip
            size="small"
            color="warning"
            label={`Thiếu chỉ số ${missingLabel(roomTicket.missingReadings)}`}
            component={RouterLink}
            to={paths.meterRecords}
            clickable
            data-testid="room-ticket-missing"
          />
        )}
        {roomTicket.flagged && (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label="Mức dùng cao bất thường"
            component={RouterLink}
            to={paths.meterRecords}
            clickable
            data-testid="room-ticket-flagged"
          />
        )}
      </Box>
      <TicketLines lines={roomTicket.lines} />
      {issued ? (
        roomTicket.monthlyBillID !== undefined && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
            <Link
              component={RouterLink}
              to={paths.monthlyBill(roomTicket.monthlyBillID)}
              data-testid="bill-link"
            >
              Xem hóa đơn
            </Link>
            <Link component={RouterLink} to={paths.roomBills(roomTicket.roomID)}>
              Hóa đơn của phòng
            </Link>
          </Box>
        )
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => onEdit(roomTicket)}
            disabled={busy || excluded}
            data-testid="room-ticket-edit"
          >
            Sửa khoản thu
          </Button>
          <FormControlLabel
            sx={{ ml: 'auto' }}
            control={
              <Switch
                checked={!excluded}
                onChange={() => onToggle(roomTicket)}
                disabled={busy}
                slotProps={{ input: { 'data-testid': 'room-ticket-include' } as object }}
              />
            }
            label="Phát hành"
          />
        </Box>
      )}
    </Paper>
  );
});

/** Changing the draft and issuing it: one change at a time, a stale copy reloaded and said so. */
function useTicketSaving(ticket: HouseTicketView, cacheKey: string | null, onIssued: () => void) {
  const [busy, setBusy] = useState(false);
  const [issueError, setIssueError] = useState<string | null>(null);
  /** Saves a change; a stale copy (412) is reloaded so the landlord sees what changed. */
  const save = useCallback(
    async (input: Parameters<typeof patchTicket>[1], successText: string, failure: string) => {
      setBusy(true);
      try {
        const updated = await patchTicket(ticket, input);
        storeTicket(cacheKey, ticket, updated);
        notify.success(successText);
        return true;
      } catch (error) {
        notifyFailure(failure, error);
        if (isApiError(error) && (error.status === 412 || error.status === 409))
          void revalidateTicket(cacheKey);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [cacheKey, ticket],
  );

  const issue = async () => {
    setBusy(true);
    setIssueError(null);
    try {
      const updated = await patchTicket(ticket, { issue: true });
      storeTicket(cacheKey, ticket, updated);
      onIssued();
      notify.success(BILL_MESSAGES.draftIssued);
    } catch (error) {
      if (!isSessionExpiry(error)) setIssueError(failureText(ISSUE_FAILED, error));
      if (isApiError(error) && error.status === 412) void revalidateTicket(cacheKey);
    } finally {
      setBusy(false);
    }
  };

  return { busy, save, issue, issueError, setIssueError };
}

/** A draft's due date (saved on leaving the field), 'Tính lại' and 'Phát hành hóa đơn'. */
function DraftControls({
  ticket,
  busy,
  canIssue,
  onSave,
  onIssue,
}: {
  ticket: HouseTicketView;
  busy: boolean;
  canIssue: boolean;
  onSave: (input: Parameters<typeof patchTicket>[1]) => void;
  onIssue: () => void;
}) {
  const [dueDate, setDueDate] = useState(ticket.dueDate);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mt: 2 }}>
      <DateField
        size="small"
        label="Hạn thanh toán"
        value={dueDate}
        onChange={setDueDate}
        onBlur={() => {
          if (isIsoDay(dueDate) && dueDate !== ticket.dueDate) {
            onSave({ dueDate });
          }
        }}
        disabled={busy}
        testId="ticket-due-date"
        sx={{ width: { xs: '100%', sm: 200 } }}
      />
      <Button
        variant="outlined"
        startIcon={<CalculateOutlined />}
        onClick={() => onSave({ recompute: true })}
        disabled={busy}
        sx={{ minHeight: 40, flex: { xs: '1 1 40%', sm: '0 0 auto' } }}
        data-testid="ticket-recompute"
      >
        Tính lại
      </Button>
      <Button
        variant="contained"
        startIcon={<ReceiptLongOutlined />}
        onClick={onIssue}
        disabled={busy || !canIssue}
        sx={{ minHeight: 40, flex: { xs: '1 1 40%', sm: '0 0 auto' } }}
        data-testid="ticket-issue"
      >
        Phát hành hóa đơn
      </Button>
    </Box>
  );
}

function TicketView({ ticket, cacheKey }: { ticket: HouseTicketView; cacheKey: string | null }) {
  const [editing, setEditing] = useState<RoomTicketView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { busy, save, issue, issueError, setIssueError } = useTicketSaving(ticket, cacheKey, () =>
    setConfirming(false),
  );
  const issued = ticket.status === TICKET_STATUS.issued;
  const roomTickets = ticket.roomTickets ?? [];
  const included = roomTickets.filter((item) => !item.excluded);
  const total = included.reduce((sum, item) => sum + item.total, 0);
  const missing = included.filter((item) => item.missingReadings.length > 0).length;

  const onToggle = useCallback(
    (roomTicket: RoomTicketView) =>
      void save(
        { roomTickets: [{ roomTicketID: roomTicket.roomTicketID, excluded: !roomTicket.excluded }] },
        BILL_MESSAGES.draftSaved,
        SAVE_FAILED,
      ),
    [save],
  );

  const saveLines = (lines: BillLineInput[]) =>
    editing === null
      ? Promise.resolve(false)
      : save(
          { roomTickets: [{ roomTicketID: editing.roomTicketID, lines }] },
          BILL_MESSAGES.draftSaved,
          SAVE_FAILED,
        );

  return (
    <Box data-testid="ticket-view" data-status={ticket.status}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Chip
            color={issued ? 'success' : 'default'}
            label={issued ? `Đã phát hành ${formatDate(ticket.issuedOn)}` : 'Bản nháp'}
            data-testid="ticket-status"
          />
          <Typography>
            {included.length}/{roomTickets.length} phòng phát hành ·{' '}
            <strong data-testid="ticket-total">{formatMoney(total)}</strong>
          </Typography>
        </Box>
        {!issued && (
          <DraftControls
            ticket={ticket}
            busy={busy}
            canIssue={included.length > 0}
            onSave={(input) => void save(input, BILL_MESSAGES.draftSaved, SAVE_FAILED)}
            onIssue={() => {
              setIssueError(null);
              setConfirming(true);
            }}
          />
        )}
        {!issued && missing > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {missing} phòng còn thiếu chỉ số điện nước.{' '}
            <Link component={RouterLink} to={paths.meterRecords}>
              Ghi chỉ số
            </Link>{' '}
            rồi bấm «Tính lại».
          </Alert>
        )}
        {issued && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="ticket-issued">
            Đã phát hành {roomTickets.filter((item) => item.monthlyBillID !== undefined).length} hóa đơn, hạn
            thanh toán {formatDate(ticket.dueDate)}.
          </Alert>
        )}
      </Paper>
      {roomTickets.length === 0 ? (
        <EmptyState title="Không có phòng nào" description="Bảng kê này chưa có phòng nào có hợp đồng." />
      ) : (
        <Box
          component="ul"
          aria-label="Phiếu thu các phòng"
          sx={{
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
          }}
        >
          {roomTickets.map((roomTicket) => (
            <RoomTicketCard
              key={roomTicket.roomTicketID}
              roomTicket={roomTicket}
              issued={issued}
              busy={busy}
              onEdit={setEditing}
              onToggle={onToggle}
            />
          ))}
        </Box>
      )}
      <RoomTicketDialog roomTicket={editing} onClose={() => setEditing(null)} onSave={saveLines} />
      <ConfirmDialog
        open={confirming}
        title="Phát hành hóa đơn"
        message={
          <>
            Phát hành {included.length} hóa đơn tháng {monthText(ticket.month)}, tổng{' '}
            <strong>{formatMoney(total)}</strong>. Sau khi phát hành không thể sửa bảng kê nữa.
          </>
        }
        confirmLabel="Phát hành"
        isBusy={busy}
        error={issueError}
        onConfirm={() => void issue()}
        onClose={() => setConfirming(false)}
        testId="ticket-issue-dialog"
      />
    </Box>
  );
}

/** /billDraft and /billDraft/{id}: the month's draft bills of a house, reviewed, edited and issued. */
export function DraftTicketPage() {
  const { id } = useParams();
  const session = useSignedInSession();
  const houseID = session.houseID;
  const { data: ticket, error, mutate } = useHouseTicket(houseID, id);
  const cacheKey = ticketKey(houseID, id);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const houseName =
    ticket?.house?.houseName ?? session.houses.find((house) => house.houseID === houseID)?.houseName;

  const create = async () => {
    if (houseID === null) return;
    setCreating(true);
    setCreateError(null);
    try {
      const created = await draftNow(houseID);
      await mutate(created, { revalidate: true });
    } catch (failure) {
      if (!isSessionExpiry(failure)) setCreateError(failureText('Lập bảng kê thất bại!', failure));
    } finally {
      setCreating(false);
    }
  };

  let content;
  if (error !== undefined && ticket === undefined) {
    content =
      isApiError(error) && error.status === 404 ? (
        <EmptyState
          title="Không tìm thấy bảng kê"
          description="Bảng kê không tồn tại hoặc không thuộc nhà trọ của bạn."
        />
      ) : (
        <ErrorState onRetry={() => void mutate()} />
      );
  } else if (ticket === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải bảng kê" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={96} />
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={160} />
        ))}
      </Box>
    );
  } else if (ticket === null) {
    content = (
      <NoDraft
        houseID={houseID}
        creating={creating}
        createError={createError}
        onCreate={() => void create()}
      />
    );
  } else {
    content = <TicketView key={ticket.houseTicketID} ticket={ticket} cacheKey={cacheKey} />;
  }

  return (
    <Box data-testid="draft-ticket-page">
      <title>Bảng kê hóa đơn — Nhà trọ</title>
      <PageHeader
        title={ticket ? `Bảng kê tháng ${monthText(ticket.month)}` : 'Bảng kê hóa đơn tháng'}
        subtitle={houseName}
      />
      {content}
    </Box>
  );
}
