import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import LinearProgress from '@mui/material/LinearProgress';

import Pagination from '@mui/material/Pagination';

import Typography from '@mui/material/Typography';

import useMediaQuery from '@mui/material/useMediaQuery';

import { useTheme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';

import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';

import { LEVEL } from '@nhatro/common';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { attachmentName, fetchBinary, readJsonBody, saveBlob } from '../../components/fileTransfer';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { ListSearchBar } from '../../components/ListSearchBar';
import { PageHeader } from '../../components/PageHeader';
import { errorMessageOf } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { ImportLesseesDialog } from './ImportLesseesDialog';
import { LesseesContent, useRoomNames } from './LesseeList';
import { LESSEE_PAGE_SIZE, useLesseePage, type LesseeStatusFilter } from './lesseesApi';

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
      <ListSearchBar
        search={{
          id: 'lessees-search',
          label: 'Tìm theo tên, số điện thoại hoặc CCCD',
          value: typed,
          onChange: setTyped,
          testId: 'lessees-search',
        }}
        filter={{
          id: 'lessees-status-filter',
          label: 'Trạng thái',
          value: status,
          onChange: (value) => update({ status: statusParam(value), page: 1 }),
          testId: 'lessees-filter-status',
          options: STATUS_OPTIONS,
        }}
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
