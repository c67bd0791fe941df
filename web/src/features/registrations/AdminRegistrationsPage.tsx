import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUS_LABELS,
  type Registration,
  type RegistrationPhoneConflict,
  type RegistrationStatus,
} from '@nhatro/common';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { decideRegistration, deleteRegistration, paperReadUrl } from './registrationsApi';
import { RegistrationStatusChip, RegistrationTable } from './RegistrationTable';

/** The tabs: what waits for the super admin first. */
const TABS: ReadonlyArray<{ value: RegistrationStatus | 'all'; label: string }> = [
  { value: 'paid', label: 'Chờ duyệt' },
  { value: 'pending', label: REGISTRATION_STATUS_LABELS.pending },
  { value: 'approved', label: REGISTRATION_STATUS_LABELS.approved },
  { value: 'rejected', label: REGISTRATION_STATUS_LABELS.rejected },
  { value: 'all', label: 'Tất cả' },
];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.5,
      }}
    >
      <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Papers({ papers }: { papers: readonly string[] }) {
  const [failure, setFailure] = useState<string | null>(null);
  if (papers.length === 0) return <>Không có tệp</>;
  const open = async (blobName: string) => {
    setFailure(null);
    // A tab opened before the request keeps the browser from blocking it as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const url = await paperReadUrl(blobName);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      setFailure(serverMessage(error));
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {papers.map((blobName, index) => (
        <Button
          key={blobName}
          size="small"
          variant="outlined"
          onClick={() => void open(blobName)}
          data-testid={`registration-paper-${index}`}
        >
          {`Giấy tờ ${index + 1} (${blobName.endsWith('.pdf') ? 'PDF' : 'ảnh'})`}
        </Button>
      ))}
      {failure !== null && <Alert severity="error">{failure}</Alert>}
    </Box>
  );
}

type Action = 'approve' | 'reject' | 'delete' | null;

/** What the super admin reads about a phone number used twice (the approval refuses the first). */
const ADMIN_CONFLICT_TEXTS: Record<RegistrationPhoneConflict, string> = {
  account: REGISTRATION_MESSAGES.phoneHasAccount,
  paidRegistration: REGISTRATION_MESSAGES.phoneHasPaidRegistration,
  pendingRegistration: REGISTRATION_MESSAGES.phoneHasPendingRegistration,
};

/** What a registration says: who, the house, the fee and its payments, the papers, the decision. */
function RegistrationFacts({ registration }: { registration: Registration }) {
  return (
    <>
      <Row label="Trạng thái">
        <RegistrationStatusChip status={registration.status} />
      </Row>
      <Row label="Số điện thoại">
        {registration.phoneNumber} {registration.phoneVerified ? '(đã xác thực)' : '(chưa xác thực)'}
      </Row>
      {registration.phoneConflict !== undefined && (
        <Alert
          severity={registration.phoneConflict === 'pendingRegistration' ? 'warning' : 'error'}
          sx={{ my: 1 }}
          data-testid="registration-phone-conflict"
        >
          {ADMIN_CONFLICT_TEXTS[registration.phoneConflict]}
        </Alert>
      )}
      <Row label="Email">
        {registration.email} {registration.emailVerified ? '(đã xác thực)' : '(chưa xác thực)'}
      </Row>
      <Row label="Nhà trọ">{registration.houseName}</Row>
      <Row label="Địa chỉ">{registration.houseAddress}</Row>
      <Row label="Số phòng">{formatNumber(registration.roomQuota)}</Row>
      <Row label="Phí">{`${formatMoney(registration.fee)} / ${registration.termMonths} tháng`}</Row>
      {(registration.payments ?? []).map((payment) => (
        <Row
          key={payment.paymentID}
          label={payment.credited === false ? 'Đã nhận, không tính' : 'Đã thanh toán'}
        >
          {`${formatMoney(payment.amount)} lúc ${formatDateTime(payment.paidOn)}`}
          {payment.credited === false &&
            ' (không khớp với đăng ký hiện tại hoặc thanh toán lần hai: cần hoàn tiền qua cổng VNPay)'}
        </Row>
      ))}
      <Row label="Ngày đăng ký">{formatDateTime(registration.createdOn)}</Row>
      <Row label="Giấy tờ">
        <Papers papers={registration.papers} />
      </Row>
      {registration.rejectionReason && <Row label="Lý do từ chối">{registration.rejectionReason}</Row>}
      {registration.accountExpiresOn && (
        <Row label="Tài khoản đến ngày">{formatDate(registration.accountExpiresOn)}</Row>
      )}
    </>
  );
}

/** 'Từ chối': the reason (sent to the registrant), then the rejection. */
function RejectDialog({
  open,
  registration,
  reason,
  setReason,
  isBusy,
  failure,
  onReject,
  onCancel,
}: {
  open: boolean;
  registration: Registration;
  reason: string;
  setReason: (reason: string) => void;
  isBusy: boolean;
  failure: string | null;
  onReject: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <Dialog open={open} onClose={isBusy ? undefined : onCancel} fullWidth maxWidth="xs">
        <DialogTitle>Từ chối đăng ký</DialogTitle>
        <DialogContent>
          <TextField
            label="Lý do từ chối"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            helperText={
              registration.status === 'paid'
                ? 'Người đăng ký đã thanh toán: hãy hoàn phí qua cổng VNPay.'
                : 'Lý do được gửi tới người đăng ký.'
            }
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'registration-reject-reason' } }}
          />
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={isBusy}>
            Hủy
          </Button>
          <Button
            color="warning"
            variant="contained"
            onClick={onReject}
            disabled={isBusy || reason.trim() === ''}
            loading={isBusy}
          >
            Từ chối
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 'Đóng', and what the registration's status allows: delete, reject, approve. */
function DecisionButtons({
  registration,
  isBusy,
  onClose,
  setAction,
}: {
  registration: Registration;
  isBusy: boolean;
  onClose: () => void;
  setAction: (action: Action) => void;
}) {
  const mayReject = registration.status === 'pending' || registration.status === 'paid';
  const mayDelete = registration.status === 'pending' || registration.status === 'rejected';
  return (
    <>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isBusy}>
          Đóng
        </Button>
        {mayDelete && (
          <Button color="error" onClick={() => setAction('delete')} disabled={isBusy}>
            Xóa
          </Button>
        )}
        {mayReject && (
          <Button
            color="warning"
            onClick={() => setAction('reject')}
            disabled={isBusy}
            data-testid="registration-reject"
          >
            Từ chối
          </Button>
        )}
        {registration.status === 'paid' && (
          <Button
            variant="contained"
            onClick={() => setAction('approve')}
            disabled={isBusy || registration.phoneConflict === 'account'}
            data-testid="registration-approve"
          >
            Duyệt
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/** One registration: its details and papers, and what its status allows (approve, reject, delete). */
export function RegistrationDialog({
  registration,
  onClose,
}: {
  registration: Registration;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [action, setAction] = useState<Action>(null);
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, success: string) => {
    setIsBusy(true);
    setFailure(null);
    try {
      await work();
      notify.success(success);
      onClose();
    } catch (error) {
      setIsBusy(false);
      if (isSessionExpiry(error)) return;
      const reasonText = serverMessage(error);
      setFailure(reasonText);
      notify.error(`${REGISTRATION_MESSAGES.updateFailed}: ${reasonText}`);
    }
  };

  const approve = () =>
    run(() => decideRegistration(registration, { status: 'approved' }), REGISTRATION_MESSAGES.approved);
  const reject = () =>
    run(
      () => decideRegistration(registration, { status: 'rejected', rejectionReason: reason.trim() }),
      REGISTRATION_MESSAGES.updated,
    );
  const remove = () =>
    run(() => deleteRegistration(registration.registrationID), REGISTRATION_MESSAGES.updated);

  return (
    <>
      <Dialog
        open={action === null}
        onClose={isBusy ? undefined : onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby="registration-dialog-title"
        data-testid="registration-dialog"
      >
        <DialogTitle id="registration-dialog-title">Đăng ký của {registration.fullName}</DialogTitle>
        <DialogContent dividers>
          <RegistrationFacts registration={registration} />
          {registration.status === 'pending' && (
            <Alert severity="info" sx={{ mt: 1 }}>
              Đăng ký chưa thanh toán phí: chỉ duyệt được sau khi thanh toán.
            </Alert>
          )}
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="registration-dialog-error">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DecisionButtons
          registration={registration}
          isBusy={isBusy}
          onClose={onClose}
          setAction={setAction}
        />
      </Dialog>
      <ConfirmDialog
        open={action === 'approve'}
        title="Duyệt đăng ký"
        message={`Tạo tài khoản chủ trọ cho ${registration.fullName} (tên đăng nhập ${registration.phoneNumber}, ${formatNumber(registration.roomQuota)} phòng, ${registration.termMonths} tháng) và nhà trọ “${registration.houseName}”? Mật khẩu dùng một lần được gửi tới email của chủ trọ.`}
        confirmLabel="Duyệt"
        isBusy={isBusy}
        error={failure}
        onConfirm={() => void approve()}
        onClose={() => setAction(null)}
        testId="registration-approve-confirm"
      />
      <ConfirmDialog
        open={action === 'delete'}
        title="Xóa đăng ký"
        message={`Xóa đăng ký của ${registration.fullName}? Giấy tờ đã tải lên cũng bị xóa.`}
        isBusy={isBusy}
        error={failure}
        onConfirm={() => void remove()}
        onClose={() => setAction(null)}
      />
      <RejectDialog
        open={action === 'reject'}
        registration={registration}
        reason={reason}
        setReason={setReason}
        isBusy={isBusy}
        failure={failure}
        onReject={() => void reject()}
        onCancel={() => setAction(null)}
      />
    </>
  );
}

/** `/adminLessorRegister`: registrations by status, their papers, approval and rejection. */
export function AdminRegistrationsPage() {
  const [tab, setTab] = useState<RegistrationStatus | 'all'>('paid');
  const [selected, setSelected] = useState<Registration | null>(null);
  return (
    <Box>
      <title>Danh sách đăng ký chủ trọ — Nhà trọ</title>
      <PageHeader
        title="Danh sách đăng ký chủ trọ"
        subtitle="Duyệt đăng ký đã thanh toán để mở tài khoản chủ trọ và nhà trọ đầu tiên."
      />
      <Tabs
        value={tab}
        onChange={(_, value: RegistrationStatus | 'all') => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
        aria-label="Trạng thái đăng ký"
      >
        {TABS.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item.label}
            data-testid={`registrations-tab-${item.value}`}
          />
        ))}
      </Tabs>
      <RegistrationTable
        key={tab}
        {...(tab === 'all' ? {} : { status: tab })}
        onSelect={(registration) => setSelected(registration)}
      />
      {selected !== null && (
        <RegistrationDialog
          key={selected.registrationID}
          registration={selected}
          onClose={() => setSelected(null)}
        />
      )}
    </Box>
  );
}
