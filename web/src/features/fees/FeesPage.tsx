import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { FEE_UNIT_LABELS, type FeeUnit } from '@nhatro/common';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { notifyFailure } from '../../components/mutationFeedback';
import { NotFoundContent } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useSignedInSession } from '../auth/sessionContext';
import { ServiceDialog, isMeteredUnit } from './ServiceDialog';
import { deleteService, useHouseServices, type ServiceFee } from './serviceApi';

export const SERVICE_DELETED_TEXT = 'Xóa dịch vụ thành công!';
const METERED_DELETE_HINT = 'Không thể xóa dịch vụ điện hoặc nước: mỗi nhà trọ luôn cần hai dịch vụ này.';

/** `/settingAdmin/{type}`: which tab is open. `/settingAdmin` is the 'all' tab. */
export const SERVICE_TABS = [
  { type: 'all', label: 'Tất cả', path: '/settingAdmin' },
  { type: 'metered', label: 'Điện, nước', path: '/settingAdmin/metered' },
  { type: 'fixed', label: 'Phí cố định', path: '/settingAdmin/fixed' },
] as const;
type ServiceTab = (typeof SERVICE_TABS)[number]['type'];

function isServiceTab(value: string): value is ServiceTab {
  return SERVICE_TABS.some((tab) => tab.type === value);
}

function unitLabel(unit: string): string {
  return unit in FEE_UNIT_LABELS ? FEE_UNIT_LABELS[unit as FeeUnit] : unit;
}

const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** Điện and Nước first, then the others by name. */
function sortServices(services: readonly ServiceFee[]): ServiceFee[] {
  return [...services].sort(
    (a, b) =>
      Number(isMeteredUnit(b.unit)) - Number(isMeteredUnit(a.unit)) ||
      nameCollator.compare(a.serviceName, b.serviceName),
  );
}

function RowActions({
  service,
  onEdit,
  onDelete,
}: {
  service: ServiceFee;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const metered = isMeteredUnit(service.unit);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      <Tooltip title="Sửa dịch vụ">
        <IconButton
          aria-label={`Sửa dịch vụ ${service.serviceName}`}
          onClick={onEdit}
          data-testid="service-edit"
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={metered ? METERED_DELETE_HINT : 'Xóa dịch vụ'}>
        {/* A disabled button gets no pointer events: the span carries the tooltip. */}
        <span>
          <IconButton
            aria-label={
              metered ? `Không thể xóa dịch vụ ${service.serviceName}` : `Xóa dịch vụ ${service.serviceName}`
            }
            color="error"
            disabled={metered}
            onClick={onDelete}
            data-testid="service-delete"
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

function ServiceTable({
  services,
  onEdit,
  onDelete,
}: {
  services: ServiceFee[];
  onEdit: (service: ServiceFee) => void;
  onDelete: (service: ServiceFee) => void;
}) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  if (isPhone) {
    return (
      <Box
        component="ul"
        aria-label="Phí dịch vụ"
        data-testid="service-list"
        sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {services.map((service) => (
          <Paper
            component="li"
            variant="outlined"
            key={service.serviceID}
            sx={{ listStyle: 'none', p: 2, display: 'flex', alignItems: 'center', gap: 1 }}
            data-testid={`service-row-${service.serviceID}`}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="service-name-cell">
                {service.serviceName}
              </Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="service-price-cell">
                {formatMoney(service.price)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="service-unit-cell">
                {unitLabel(service.unit)}
              </Typography>
            </Box>
            <RowActions service={service} onEdit={() => onEdit(service)} onDelete={() => onDelete(service)} />
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Phí dịch vụ" data-testid="service-table">
        <TableHead>
          <TableRow>
            <TableCell>Tên dịch vụ</TableCell>
            <TableCell align="right">Đơn giá</TableCell>
            <TableCell>Đơn vị tính</TableCell>
            <TableCell align="right">Thao tác</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {services.map((service) => (
            <TableRow key={service.serviceID} hover data-testid={`service-row-${service.serviceID}`}>
              <TableCell sx={{ fontWeight: 600 }} data-testid="service-name-cell">
                {service.serviceName}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="service-price-cell">
                {formatMoney(service.price)}
              </TableCell>
              <TableCell data-testid="service-unit-cell">{unitLabel(service.unit)}</TableCell>
              <TableCell align="right" sx={{ py: 0.5 }}>
                <RowActions
                  service={service}
                  onEdit={() => onEdit(service)}
                  onDelete={() => onDelete(service)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /settingAdmin and /settingAdmin/{type}: the selected house's service fees. */
export function ServiceFeesPage() {
  const { type = 'all' } = useParams();
  const session = useSignedInSession();
  const houseID = session.houseID;
  const { data, error, isLoading, mutate } = useHouseServices(houseID);
  // The item stays set while a dialog closes, so its title and text do not change during the animation.
  const [editor, setEditor] = useState<{ open: boolean; service: ServiceFee | null }>({
    open: false,
    service: null,
  });
  const [removal, setRemoval] = useState<{ open: boolean; service: ServiceFee | null }>({
    open: false,
    service: null,
  });
  const toDelete = removal.open ? removal.service : null;
  const openEditor = (service: ServiceFee | null) => setEditor({ open: true, service });
  const closeEditor = () => setEditor((current) => ({ ...current, open: false }));
  const askToDelete = (service: ServiceFee) => setRemoval({ open: true, service });
  const closeRemoval = () => setRemoval((current) => ({ ...current, open: false }));
  const [isDeleting, setIsDeleting] = useState(false);
  const services = data?.value;
  const sorted = useMemo(() => sortServices(services ?? []), [services]);
  const unitsInUse = useMemo(() => sorted.map((service) => service.unit), [sorted]);

  if (!isServiceTab(type)) return <NotFoundContent homePath="/dashboard" />;

  const visible =
    type === 'all'
      ? sorted
      : sorted.filter((service) => isMeteredUnit(service.unit) === (type === 'metered'));
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setIsDeleting(true);
    try {
      await deleteService(toDelete.serviceID);
      notify.success(SERVICE_DELETED_TEXT);
      await mutate();
    } catch (failure) {
      notifyFailure('Xóa dịch vụ thất bại!', failure);
    } finally {
      setIsDeleting(false);
      closeRemoval();
    }
  };

  let content;
  if (error !== undefined && services === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (isLoading || services === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải phí dịch vụ">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={48} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (visible.length === 0) {
    content = (
      <EmptyState
        title="Chưa có dịch vụ"
        description={
          type === 'fixed'
            ? 'Nhà trọ chưa có phí cố định nào (internet, rác, gửi xe…).'
            : 'Nhà trọ chưa có dịch vụ nào.'
        }
        action={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => openEditor(null)}>
            Thêm dịch vụ
          </Button>
        }
      />
    );
  } else {
    content = <ServiceTable services={visible} onEdit={openEditor} onDelete={askToDelete} />;
  }

  return (
    <Box data-testid="service-fees-page">
      <title>Phí dịch vụ tòa nhà — Nhà trọ</title>
      <PageHeader
        title="Phí dịch vụ tòa nhà"
        subtitle={houseName ? `Đơn giá các dịch vụ của ${houseName}` : undefined}
        actions={
          houseID !== null ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => openEditor(null)}
              data-testid="service-create-button"
            >
              Thêm dịch vụ
            </Button>
          ) : undefined
        }
      />
      <Tabs
        value={type}
        aria-label="Loại dịch vụ"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {SERVICE_TABS.map((tab) => (
          <Tab
            key={tab.type}
            value={tab.type}
            label={tab.label}
            component={RouterLink}
            to={tab.path}
            data-testid={`service-tab-${tab.type}`}
          />
        ))}
      </Tabs>
      {content}
      {houseID !== null && (
        <ServiceDialog
          open={editor.open}
          houseID={houseID}
          service={editor.service}
          unitsInUse={unitsInUse}
          onClose={closeEditor}
          onSaved={() => void mutate()}
        />
      )}
      <ConfirmDialog
        open={removal.open}
        title="Xóa dịch vụ"
        message={
          <>
            Dịch vụ <strong>{removal.service?.serviceName}</strong> sẽ bị xóa khỏi nhà trọ. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa dịch vụ"
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={closeRemoval}
        testId="service-delete-dialog"
      />
    </Box>
  );
}
