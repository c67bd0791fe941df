import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PLATFORM_REQUEST_KIND_LABELS,
  PLATFORM_REQUEST_MESSAGES,
  PLATFORM_REQUEST_STATUS_LABELS,
  type PlatformRequest,
} from '@nhatro/common';
import { useState } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { useListFailureToast } from '../../components/useListFailureToast';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { approveRequest, usePlatformRequests, type RequestsView } from './platformRequestsApi';

const PAGE_SIZE = 10;

const TABS: ReadonlyArray<{ value: RequestsView; label: string }> = [
  { value: 'toApprove', label: 'Chờ duyệt' },
  { value: 'unpaid', label: 'Chưa thanh toán' },
  { value: 'approved', label: 'Đã duyệt' },
];

const EMPTY: Record<RequestsView, string> = {
  toApprove: 'Không có yêu cầu nào chờ duyệt',
  unpaid: 'Không có yêu cầu nào chờ thanh toán',
  approved: 'Chưa duyệt yêu cầu nào',
};

function shownDay(date: string): string {
  return formatDate(`${date}T12:00:00+07:00`);
}

function what(request: PlatformRequest): string {
  return request.kind === 'roomPurchase'
    ? `${PLATFORM_REQUEST_KIND_LABELS.roomPurchase} ${request.rooms ?? 0} phòng`
    : `${PLATFORM_REQUEST_KIND_LABELS.accountExtension} ${request.years ?? 0} năm`;
}

/** What the account has, and what it gets when approved (or got). */
function effect(request: PlatformRequest): string {
  if (request.kind === 'roomPurchase') {
    const after = request.roomQuotaAfter ?? request.roomQuotaBefore + (request.rooms ?? 0);
    return `Số phòng: ${request.roomQuotaBefore} → ${after}`;
  }
  const before = request.accountExpiresOnBefore ? shownDay(request.accountExpiresOnBefore) : 'không giới hạn';
  return request.accountExpiresOnAfter
    ? `Hạn dùng: ${before} → ${shownDay(request.accountExpiresOnAfter)}`
    : `Hạn dùng hiện tại: ${before}`;
}

function RequestRow({ request }: { request: PlatformRequest }) {
  const [busy, setBusy] = useState(false);
  const paidOn = request.payments?.[0]?.paidOn;

  async function approve() {
    setBusy(true);
    try {
      await approveRequest(request.requestID);
      notify.success(PLATFORM_REQUEST_MESSAGES.approved);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(serverMessage(error));
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`request-${request.requestID}`}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{what(request)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {request.fullName} ({request.username}){request.phoneNumber ? ` · ${request.phoneNumber}` : ''}
          </Typography>
        </Box>
        <Chip
          size="small"
          color={request.status === 'approved' ? 'success' : request.status === 'paid' ? 'info' : 'default'}
          label={PLATFORM_REQUEST_STATUS_LABELS[request.status]}
        />
      </Box>
      <Typography sx={{ mt: 1 }}>
        {formatMoney(request.amount)} · mã {request.code} · {effect(request)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Yêu cầu lúc {formatDateTime(request.createdOn)}
        {paidOn ? ` · thanh toán lúc ${formatDateTime(paidOn)}` : ''}
        {request.approvedOn ? ` · duyệt lúc ${formatDateTime(request.approvedOn)}` : ''}
      </Typography>
      {request.status === 'paid' && (
        <Button
          variant="contained"
          onClick={() => void approve()}
          loading={busy}
          sx={{ mt: 1.5, minHeight: 40 }}
          data-testid="request-approve"
        >
          Duyệt
        </Button>
      )}
    </Paper>
  );
}

/**
 * /extendManagement: landlords' room purchases and extensions. Paid ones wait for the super admin's
 * approval, which raises the quota or moves the term at once; unpaid ones show who asked and did not pay.
 */
export function ExtendManagementPage() {
  const [view, setView] = useState<RequestsView>('toApprove');
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = usePlatformRequests(view, page, PAGE_SIZE);
  const pages = Math.ceil((data?.['@odata.count'] ?? 0) / PAGE_SIZE);
  useListFailureToast(error);

  let content;
  if (error && !data) content = <ErrorState message={MESSAGES.serverError} onRetry={() => void mutate()} />;
  else if (isLoading || !data)
    content = (
      <Box aria-busy="true" aria-label="Đang tải yêu cầu" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={112} />
        ))}
      </Box>
    );
  else if (data.value.length === 0) content = <EmptyState title={EMPTY[view]} />;
  else
    content = (
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="request-list">
        {data.value.map((request) => (
          <RequestRow key={request.requestID} request={request} />
        ))}
      </Box>
    );

  return (
    <Box data-testid="extend-management-page">
      <title>Yêu cầu gia hạn — Nhà trọ</title>
      <PageHeader
        title="Yêu cầu gia hạn"
        subtitle="Chủ trọ mua thêm phòng và gia hạn tài khoản: duyệt các yêu cầu đã thanh toán."
      />
      <Tabs
        value={view}
        onChange={(_, next: RequestsView) => {
          setView(next);
          setPage(0);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            data-testid={`requests-tab-${tab.value}`}
          />
        ))}
      </Tabs>
      {content}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_, next) => setPage(next - 1)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, number) =>
            type === 'page' ? `Trang ${number}` : type === 'next' ? 'Trang sau' : 'Trang trước'
          }
        />
      )}
    </Box>
  );
}
