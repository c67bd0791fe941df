import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { STAFF_MESSAGES, type AddedStaff, type StaffMember } from '@nhatro/common';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { isSessionExpiry, isNetworkFailure, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { useSignedInSession, type HouseSummary } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AddStaffDialog } from './AddStaffDialog';
import { StaffAccountDialog } from './StaffAccountDialog';
import { disableStaff, useHouseStaff } from './staffApi';

const PAGE_SIZE = 10;

function StaffCard({ member, onRemove }: { member: StaffMember; onRemove: () => void }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none', display: 'grid', gap: 1 }}
      data-testid={`staff-${member.username}`}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {member.fullName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {member.username}
            {member.phoneNumber ? ` · ${member.phoneNumber}` : ''}
            {member.email ? ` · ${member.email}` : ''}
          </Typography>
        </Box>
        <Button
          color="error"
          size="small"
          startIcon={<PersonRemoveOutlined />}
          onClick={onRemove}
          aria-label={`Xóa nhân viên ${member.fullName}`}
          data-testid={`staff-remove-${member.username}`}
          sx={{ minHeight: 40 }}
        >
          Xóa
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Nhà trọ làm việc">
        {member.houses.map((house) => (
          <Chip key={house.houseID} size="small" label={house.houseName} />
        ))}
        {member.mustChangePassword && (
          <Chip size="small" color="warning" variant="outlined" label="Chưa đổi mật khẩu một lần" />
        )}
      </Box>
    </Paper>
  );
}

/** 'Xóa nhân viên': which member the dialog asks about, and disabling their account once confirmed. */
function useStaffRemoval() {
  // The member stays set while the dialog closes, so its text does not change during the animation.
  const [removal, setRemoval] = useState<{ open: boolean; member: StaffMember | null }>({
    open: false,
    member: null,
  });
  const removing = removal.open ? removal.member : null;
  const closeRemoval = () => setRemoval((current) => ({ ...current, open: false }));
  const [isRemoving, setIsRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const confirmRemoval = async () => {
    if (removing === null) return;
    setIsRemoving(true);
    setRemoveError(null);
    try {
      await disableStaff(removing.userID);
      notify.success(STAFF_MESSAGES.removed);
      closeRemoval();
    } catch (failure) {
      if (!isSessionExpiry(failure)) {
        notify.error(STAFF_MESSAGES.removeFailed);
        // A refusal from the server (not the network) says why in the dialog.
        if (!isNetworkFailure(failure)) setRemoveError(serverMessage(failure));
      }
    } finally {
      setIsRemoving(false);
    }
  };

  const ask = (member: StaffMember) => {
    setRemoveError(null);
    setRemoval({ open: true, member });
  };
  return { removal, ask, closeRemoval, confirmRemoval, isRemoving, removeError };
}

/** The house's staff, a page at a time, or why there is none to show. */
function StaffContent({
  data,
  error,
  isLoading,
  shown,
  pageCount,
  shownPage,
  onPage,
  ask,
  onAdd,
  onRetry,
}: {
  data: readonly StaffMember[] | undefined;
  error: unknown;
  isLoading: boolean;
  shown: readonly StaffMember[];
  pageCount: number;
  shownPage: number;
  onPage: (page: number) => void;
  ask: (member: StaffMember) => void;
  onAdd: () => void;
  onRetry: () => void;
}) {
  if (data !== undefined && data.length > 0) {
    return (
      <>
        <Box
          component="ul"
          aria-label="Danh sách nhân viên"
          data-testid="staff-list"
          sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {shown.map((member) => (
            <StaffCard key={member.userID} member={member} onRemove={() => ask(member)} />
          ))}
        </Box>
        {pageCount > 1 && (
          <Pagination
            count={pageCount}
            page={shownPage}
            onChange={(_event, value) => onPage(value)}
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            aria-label="Trang danh sách nhân viên"
          />
        )}
      </>
    );
  }
  if (data !== undefined) {
    return (
      <EmptyState
        title="Nhà trọ này chưa có nhân viên"
        description="Nhân viên ghi chỉ số điện nước, xử lý phòng, người thuê và hợp đồng ở các nhà trọ được giao."
        action={
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={onAdd}>
            Thêm nhân viên
          </Button>
        }
      />
    );
  }
  if (error !== undefined && !isLoading) {
    return <ErrorState onRetry={onRetry} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true" aria-label="Đang tải danh sách nhân viên">
      <Skeleton variant="rounded" height={88} />
      <Skeleton variant="rounded" height={88} />
    </Box>
  );
}

/** With several houses, which house's staff the page shows. */
function HouseChoice({
  houses,
  houseID,
  onChoose,
}: {
  houses: readonly HouseSummary[];
  houseID: string | null;
  onChoose: (houseID: string) => void;
}) {
  return (
    <>
      {houses.length > 1 && (
        <TextField
          select
          label="Nhà trọ"
          value={houseID ?? ''}
          onChange={(event) => onChoose(event.target.value)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'staff-house' } }}
          sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
        >
          {houses.map((option) => (
            <option key={option.houseID} value={option.houseID}>
              {option.houseName}
            </option>
          ))}
        </TextField>
      )}
    </>
  );
}

/**
 * /staffManage: the landlord's staff, house by house (the chosen house first), each with the houses they
 * work in; 'Thêm nhân viên' opens an account with a one-time password, 'Xóa' disables it at once.
 */
export function StaffPage() {
  const session = useSignedInSession();
  const houses = session.houses;
  const [houseID, setHouseID] = useState<string | null>(session.houseID ?? houses[0]?.houseID ?? null);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useHouseStaff(houseID);
  const [isAdding, setIsAdding] = useState(false);
  const [added, setAdded] = useState<AddedStaff | null>(null);
  const { removal, ask, closeRemoval, confirmRemoval, isRemoving, removeError } = useStaffRemoval();

  const house = houses.find((candidate) => candidate.houseID === houseID);
  const pageCount = Math.max(1, Math.ceil((data?.length ?? 0) / PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const shown = (data ?? []).slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);

  return (
    <Box data-testid="staff-page">
      <title>Quản lý nhân viên — Nhà trọ</title>
      <PageHeader
        title="Quản lý nhân viên"
        subtitle={house ? `${house.houseName}${data ? ` · ${data.length} nhân viên` : ''}` : undefined}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => setIsAdding(true)}
            data-testid="staff-add"
            sx={{ minHeight: 44 }}
          >
            Thêm nhân viên
          </Button>
        }
      />
      <HouseChoice
        houses={houses}
        houseID={houseID}
        onChoose={(next) => {
          setHouseID(next);
          setPage(1);
        }}
      />
      <StaffContent
        data={data}
        error={error}
        isLoading={isLoading}
        shown={shown}
        pageCount={pageCount}
        shownPage={shownPage}
        onPage={setPage}
        ask={ask}
        onAdd={() => setIsAdding(true)}
        onRetry={() => void mutate()}
      />
      <AddStaffDialog
        open={isAdding}
        houses={houses}
        initialHouseID={houseID}
        onClose={() => setIsAdding(false)}
        onAdded={(staff) => {
          setIsAdding(false);
          setAdded(staff);
        }}
      />
      <StaffAccountDialog staff={added} onDone={() => setAdded(null)} />
      <ConfirmDialog
        open={removal.open}
        title="Xóa nhân viên?"
        message={
          removal.member === null ? (
            ''
          ) : (
            <>
              <strong>{removal.member.fullName}</strong> ({removal.member.username}) sẽ bị đăng xuất ngay và
              không đăng nhập được nữa.
            </>
          )
        }
        confirmLabel="Xóa nhân viên"
        isBusy={isRemoving}
        error={removeError}
        onConfirm={() => void confirmRemoval()}
        onClose={closeRemoval}
        testId="staff-remove-dialog"
      />
    </Box>
  );
}
