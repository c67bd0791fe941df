import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailPageStates } from '../../components/DetailPageStates';
import { PageHeader } from '../../components/PageHeader';
import { useRoom } from '../../lib/api/resources/rooms';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { BackLink, BillStatusChip, ROOM_MISSING } from './billParts';

/** How a room's monthly bills page and its one-time charges page differ around their lists. */
export interface RoomBillingKind {
  /** 'Hóa đơn tháng', 'Phí phát sinh'. */
  title: string;
  /** The browser tab: `${tabTitle} Phòng P101 — Nhà trọ`. */
  tabTitle: string;
  loadingLabel: string;
  /** `room-bills`, `room-charges`: the page's test ids. */
  testIdPrefix: string;
}

/**
 * A room's list of bills or of charges (/…/{roomID}): the room's name (or why it cannot be shown), the
 * way back to the room, the header with the kind's actions, then the kind's list.
 */
export function RoomBillingFrame({
  kind,
  actions,
  children,
}: {
  kind: RoomBillingKind;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { id = '' } = useParams();
  const { data: room, error, mutate } = useRoom(id);
  const roomName = room === undefined ? '' : `Phòng ${room.roomName}`;
  if (room === undefined && error !== undefined) {
    return (
      <DetailPageStates
        error={error}
        isLoading={false}
        hasData={false}
        onRetry={() => void mutate()}
        title={kind.title}
        backLink={null}
        loadingLabel={kind.loadingLabel}
        missing={ROOM_MISSING}
      />
    );
  }
  return (
    <Box data-testid={`${kind.testIdPrefix}-page`} sx={{ maxWidth: 960 }}>
      <title>{`${kind.tabTitle} ${roomName} — Nhà trọ`}</title>
      <BackLink to={paths.room(id)} label={roomName || 'Về phòng'} testId={`${kind.testIdPrefix}-back`} />
      <PageHeader title={kind.title} subtitle={roomName || undefined} actions={actions} />
      {children}
    </Box>
  );
}

/** One bill or charge in a room's list: its link, when, its status and its amounts (what is owed in red). */
export function BillingRowCard({
  to,
  name,
  when,
  status,
  amounts,
  owed,
  testId,
}: {
  to: string;
  name: string;
  when: string;
  status: number;
  amounts: ReadonlyArray<{ label: string; value: number }>;
  owed: number;
  testId: string;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      data-testid={testId}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={to} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {name}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {when}
          </Typography>
        </Box>
        <BillStatusChip status={status} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, mt: 1 }}>
        {amounts.map(({ label, value }) => (
          <Typography key={label} variant="body2">
            {label}: <strong>{formatMoney(value)}</strong>
          </Typography>
        ))}
        <Typography variant="body2" sx={{ color: owed > 0 ? 'error.main' : 'text.primary' }}>
          Còn nợ: <strong>{formatMoney(owed)}</strong>
        </Typography>
      </Box>
    </Paper>
  );
}
