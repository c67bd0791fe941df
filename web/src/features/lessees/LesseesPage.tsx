import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { LEVEL } from '@nhatro/common';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { attachmentName, fetchBinary, readJsonBody, saveBlob } from '../../components/fileTransfer';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { errorMessageOf } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { ImportLesseesDialog } from './ImportLesseesDialog';
import {
  LESSEE_PAGE_SIZE,
  useContractRooms,
  useHouseRoomNames,
  useLesseePage,
  type Lessee,
  type LesseeStatusFilter,
} from './lesseesApi';
import { lesseeStatusLabel } from './lesseeLabels';

const SEARCH_DELAY_MS = 300;
const EXPORT_FILE_NAME = 'danh-sach-tam-tru.xlsx';
const STATUS_OPTIONS: ReadonlyArray<[LesseeStatusFilter, string]> = [
  ['all', 'Tất cả trạng thái'],
  ['1', 'Đang ở'],
  ['2', 'Đã chuyển đi'],
];

function statusParam(value: string | null): LesseeStatusFilter {
  return value === '1' || value === '2' ? value : 'all';
}

/** The room of each occupant, by name (through their contract when the occupant has no room of their own). */
function useRoomNames(houseID: string | null, lessees: readonly Lessee[]) {
  const { data: rooms } = useHouseRoomNames(houseID);
  const needsContracts = lessees.some((lessee) => !lessee.roomID);
  const { data: contracts } = useContractRooms(needsContracts ? houseID : null);
  return useMemo(() => {
    const roomNames = new Map((rooms?.value ?? []).map((room) => [room.roomID, room.roomName]));
    const contractRooms = new Map(
      (contracts?.value ?? []).map((contract) => [contract.contractID, contract.roomID]),
    );
    return (lessee: Lessee): { roomID: string | undefined; name: string | undefined } => {
      const roomID = lessee.roomID ?? contractRooms.get(lessee.contractID);
      return { roomID, name: roomID === undefined ? undefined : roomNames.get(roomID) };
    };
  }, [rooms, contracts]);
}

function StatusChips({ lessee }: { lessee: Lessee }) {
  return (
    <>
      {lessee.isRepresentative && (
        <Chip size="small" color="primary" label="Đại diện" data-testid="lessee-row-representative" />
      )}
      {lessee.status !== 1 && <Chip size="small" label={lesseeStatusLabel(lessee.status)} />}
    </>
  );
}

function LesseeTable({
  lessees,
  roomOf,
}: {
  lessees: readonly Lessee[];
  roomOf: ReturnType<typeof useRoomNames>;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Danh sách người thuê">
        <TableHead>
          <TableRow>
            <TableCell>Họ và tên</TableCell>
            <TableCell>Phòng</TableCell>
            <TableCell>Số điện thoại</TableCell>
            <TableCell>Số CCCD</TableCell>
            <TableCell>Trạng thái</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lessees.map((lessee) => {
            const room = roomOf(lessee);
            return (
              <TableRow key={lessee.lesseeInfoID} hover data-testid="lessee-row">
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Link
                      component={RouterLink}
                      to={paths.lessee(lessee.lesseeInfoID)}
                      sx={{ fontWeight: 600 }}
                    >
                      {lessee.occupantName}
                    </Link>
                    {lessee.isRepresentative && (
                      <Chip
                        size="small"
                        color="primary"
                        label="Đại diện"
                        data-testid="lessee-row-representative"
                      />
                    )}
                  </Box>
                </TableCell>
                <TableCell>{room.name ? `Phòng ${room.name}` : '—'}</TableCell>
                <TableCell>{lessee.phoneNumber ?? '—'}</TableCell>
                <TableCell>{lessee.citizenID ?? '—'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={lessee.status === 1 ? 'success' : 'default'}
                    variant="outlined"
                    label={lesseeStatusLabel(lessee.status)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LesseeCards({
  lessees,
  roomOf,
}: {
  lessees: readonly Lessee[];
  roomOf: ReturnType<typeof useRoomNames>;
}) {
  return (
    <Box component="ul" aria-label="Danh sách người thuê" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
      {lessees.map((lessee) => {
        const room = roomOf(lessee);
        return (
          <Box component="li" key={lessee.lesseeInfoID} sx={{ listStyle: 'none' }} data-testid="lessee-row">
            <ButtonBase
              component={RouterLink}
              to={paths.lessee(lessee.lesseeInfoID)}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'background.paper',
              }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {lessee.occupantName}
                </Typography>
                <StatusChips lessee={lessee} />
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {[room.name ? `Phòng ${room.name}` : null, lessee.phoneNumber].filter(Boolean).join(' · ') ||
                  '—'}
              </Typography>
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}

function ExportButton({ houseID }: { houseID: string }) {
  const [isExporting, setIsExporting] = useState(false);
  const exportList = async () => {
    setIsExporting(true);
    try {
      const reply = await fetchBinary(
        `/ExcelExport/TemporaryResidence?houseID=${encodeURIComponent(houseID)}`,
      );
      if (reply.status !== 200) {
        throw new Error(errorMessageOf(await readJsonBody(reply.body)) ?? `HTTP ${reply.status}`);
      }
      saveBlob(reply.body, attachmentName(reply.header('Content-Disposition'), EXPORT_FILE_NAME));
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Xuất danh sách tạm trú thất bại!', error));
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void exportList()}
      loading={isExporting}
      loadingPosition="start"
      data-testid="lessee-export-button"
    >
      Xuất danh sách tạm trú
    </Button>
  );
}

/** The list's search, status and page, kept in the URL; the search box asks the server once typing pauses. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const status = statusParam(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(search);

  const update = (changes: { q?: string; status?: LesseeStatusFilter; page?: number }) => {
    const next = new URLSearchParams();
    const q = changes.q ?? search;
    const nextStatus = changes.status ?? status;
    const nextPage = changes.page ?? page;
    if (q !== '') next.set('q', q);
    if (nextStatus !== 'all') next.set('status', nextStatus);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (typed.trim() === search.trim()) return;
    const timer = window.setTimeout(() => update({ q: typed.trim(), page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // `update` reads the current URL each render; the timer restarts on each keystroke only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, search]);

  const clear = () => {
    setTyped('');
    setParams(new URLSearchParams(), { replace: true });
  };
  /** A page that no longer exists (people were removed meanwhile): back to the first one. */
  const backToFirstPage = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { search, status, page, typed, setTyped, update, clear, backToFirstPage };
}

/** The occupants found (a table on a wide screen, cards on a phone), or why there are none. */
function LesseesContent({
  houseID,
  lessees,
  loaded,
  failed,
  isFiltered,
  canCreate,
  isWide,
  roomOf,
  onRetry,
  onClear,
}: {
  houseID: string | null;
  lessees: Parameters<typeof LesseeTable>[0]['lessees'];
  loaded: boolean;
  failed: boolean;
  isFiltered: boolean;
  canCreate: boolean;
  isWide: boolean;
  roomOf: Parameters<typeof LesseeTable>[0]['roomOf'];
  onRetry: () => void;
  onClear: () => void;
}) {
  if (houseID === null) {
    return <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn một nhà trọ để xem người thuê." />;
  }
  if (failed) return <ErrorState onRetry={onRetry} />;
  if (!loaded) {
    return (
      <Box aria-busy="true" aria-label="Đang tải danh sách người thuê" sx={{ display: 'grid', gap: 1 }}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={isWide ? 40 : 64} />
        ))}
      </Box>
    );
  }
  if (lessees.length === 0 && isFiltered) {
    return (
      <EmptyState
        title="Không tìm thấy người thuê phù hợp"
        description="Không có người thuê nào khớp với tìm kiếm và bộ lọc đang chọn."
        action={<Button onClick={onClear}>Xóa bộ lọc</Button>}
      />
    );
  }
  if (lessees.length === 0) {
    return (
      <EmptyState
        title="Chưa có người thuê"
        description="Nhà trọ chưa có người thuê nào. Người thuê được thêm khi tạo hợp đồng, từ Excel hoặc bằng nút “Thêm người thuê”."
        action={
          canCreate ? (
            <Button
              component={RouterLink}
              to={paths.createLessee}
              variant="contained"
              startIcon={<AddOutlined />}
            >
              Thêm người thuê
            </Button>
          ) : undefined
        }
      />
    );
  }
  return isWide ? (
    <LesseeTable lessees={lessees} roomOf={roomOf} />
  ) : (
    <LesseeCards lessees={lessees} roomOf={roomOf} />
  );
}

/** 'Xuất Excel', 'Nhập từ Excel' and 'Thêm người thuê'. */
function LesseesActions({
  houseID,
  canCreate,
  onImport,
}: {
  houseID: string;
  canCreate: boolean;
  onImport: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <ExportButton houseID={houseID} />
      {canCreate && (
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={onImport}
          data-testid="lessee-import-button"
        >
          Nhập từ Excel
        </Button>
      )}
      {canCreate && (
        <Button
          component={RouterLink}
          to={paths.createLessee}
          variant="contained"
          startIcon={<AddOutlined />}
          data-testid="lessee-create-button"
        >
          Thêm người thuê
        </Button>
      )}
    </Box>
  );
}

/** The search box and the status filter. */
function LesseeSearchBar({
  typed,
  status,
  onType,
  onStatus,
}: {
  typed: string;
  status: LesseeStatusFilter;
  onType: (typed: string) => void;
  onStatus: (status: LesseeStatusFilter) => void;
}) {
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}
    >
      <TextField
        id="lessees-search"
        label="Tìm theo tên, số điện thoại hoặc CCCD"
        type="search"
        size="small"
        value={typed}
        onChange={(event) => onType(event.target.value)}
        autoComplete="off"
        slotProps={{
          htmlInput: { 'data-testid': 'lessees-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        id="lessees-status-filter"
        select
        label="Trạng thái"
        size="small"
        value={status}
        onChange={(event) => onStatus(statusParam(event.target.value))}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'lessees-filter-status' } }}
      >
        {STATUS_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
    </Box>
  );
}

/** /lessees: the occupants of the selected house, searched and paged on the server. */
export function LesseesPage() {
  const { houseID, houses, role } = useSignedInSession();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { search, status, page, typed, setTyped, update, clear, backToFirstPage } = useListParams();
  const [isImporting, setIsImporting] = useState(false);
  const canCreate = role.contractPermission >= LEVEL.create;

  const query = houseID === null ? null : { houseID, search, status, page: page - 1 };
  const reply = useLesseePage(query);
  const { error, isValidating, mutate } = reply;
  // The previous page stays on screen while the next loads, but never another house's occupants.
  const data = reply.data?.value.every((lessee) => lessee.houseID === houseID) ? reply.data : undefined;
  const lessees = data?.value ?? [];
  const total = data?.['@odata.count'] ?? lessees.length;
  const pageCount = Math.max(1, Math.ceil(total / LESSEE_PAGE_SIZE));
  const roomOf = useRoomNames(houseID, lessees);
  const isPastLastPage = data !== undefined && lessees.length === 0 && total > 0 && page > 1;
  useEffect(() => {
    if (isPastLastPage) backToFirstPage();
  }, [isPastLastPage, backToFirstPage]);
  const houseName = houses.find((house) => house.houseID === houseID)?.houseName;
  const first = (page - 1) * LESSEE_PAGE_SIZE + 1;

  return (
    <Box data-testid="lessees-page">
      <title>Quản lý người thuê — Nhà trọ</title>
      <PageHeader
        title="Quản lý người thuê"
        subtitle={houseName}
        actions={
          houseID !== null ? (
            <LesseesActions houseID={houseID} canCreate={canCreate} onImport={() => setIsImporting(true)} />
          ) : undefined
        }
      />
      <LesseeSearchBar
        typed={typed}
        status={status}
        onType={setTyped}
        onStatus={(next) => update({ status: next, page: 1 })}
      />
      <Box sx={{ minHeight: 4, mb: 1 }}>
        {isValidating && data !== undefined && <LinearProgress aria-label="Đang tải" />}
      </Box>
      {data !== undefined && lessees.length > 0 && (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mb: 1 }}
          aria-live="polite"
          data-testid="lessees-shown-count"
        >
          {`${formatNumber(first)}–${formatNumber(first + lessees.length - 1)} / ${formatNumber(total)} người thuê`}
        </Typography>
      )}
      <LesseesContent
        houseID={houseID}
        lessees={lessees}
        loaded={data !== undefined}
        failed={error !== undefined && !isValidating}
        isFiltered={search !== '' || status !== 'all'}
        canCreate={canCreate}
        isWide={isWide}
        roomOf={roomOf}
        onRetry={() => void mutate()}
        onClear={clear}
      />
      {pageCount > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pageCount}
            page={Math.min(page, pageCount)}
            onChange={(_event, value) => update({ page: value })}
            siblingCount={isWide ? 1 : 0}
            color="primary"
            aria-label="Trang danh sách người thuê"
          />
        </Box>
      )}
      {houseID !== null && canCreate && (
        <ImportLesseesDialog open={isImporting} houseID={houseID} onClose={() => setIsImporting(false)} />
      )}
    </Box>
  );
}
