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
import { FEE_PRICING_LABELS, FEE_UNIT_LABELS, type FeeUnit } from '@nhatro/common';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { NotFoundContent } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/format';
import { paths, type FeeTab } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { FeeDialog, isMeteredUnit } from './FeeDialog';
import { HouseBillingDay } from './HouseBillingDay';
import { deleteFee, useHouseFees, type FeeReply } from './feesApi';

export const FEE_DELETED_TEXT = 'Xóa dịch vụ thành công!';
const METERED_DELETE_HINT = 'Không thể xóa dịch vụ điện hoặc nước: mỗi nhà trọ luôn cần hai dịch vụ này.';

/** `/settingAdmin/{type}`: which tab is open. `/settingAdmin` is the 'all' tab. */
export const FEE_TABS: ReadonlyArray<{ type: FeeTab; label: string }> = [
  { type: 'all', label: 'Tất cả' },
  { type: 'metered', label: 'Điện, nước' },
  { type: 'fixed', label: 'Phí cố định' },
];

function isFeeTab(value: string): value is FeeTab {
  return FEE_TABS.some((tab) => tab.type === value);
}

function unitLabel(unit: FeeUnit, pricing?: FeeReply['pricing']): string {
  const label = FEE_UNIT_LABELS[unit] ?? unit;
  return unit === 'kWh' && pricing === 'tiered' ? `${label} · ${FEE_PRICING_LABELS.tiered}` : label;
}

const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** Điện and Nước first, then the others by name. */
function sortServices(services: readonly FeeReply[]): FeeReply[] {
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
  service: FeeReply;
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
  services: FeeReply[];
  onEdit: (service: FeeReply) => void;
  onDelete: (service: FeeReply) => void;
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
                {unitLabel(service.unit, service.pricing)}
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
              <TableCell data-testid="service-unit-cell">
                {unitLabel(service.unit, service.pricing)}
              </TableCell>
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

/** One kind of fee per tab (all, electricity and water, fixed), each at its own URL. */
function FeeTabs({ type }: { type: string }) {
  return (
    <>
      <Tabs
        value={type}
        aria-label="Loại dịch vụ"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {FEE_TABS.map((tab) => (
          <Tab
            key={tab.type}
            value={tab.type}
            label={tab.label}
            component={RouterLink}
            to={paths.fees(tab.type)}
            data-testid={`service-tab-${tab.type}`}
          />
        ))}
      </Tabs>
    </>
  );
}

/** /settingAdmin and /settingAdmin/{type}: the selected house's service fees. */
export function FeesPage() {
  const { type = 'all' } = useParams();
  const session = useSignedInSession();
  const houseID = session.houseID;
  const { data, error, isLoading, mutate } = useHouseFees(houseID);
  const { editor, removal } = useEntityDialogs<FeeReply>({
    remove: (fee) => deleteFee(fee.serviceID),
    afterRemove: () => mutate(),
    removedText: FEE_DELETED_TEXT,
    removeFailedText: 'Xóa dịch vụ thất bại!',
  });
  const services = data?.value;
  const sorted = useMemo(() => sortServices(services ?? []), [services]);
  const unitsInUse = useMemo(() => sorted.map((service) => service.unit), [sorted]);

  if (!isFeeTab(type)) return <NotFoundContent homePath={paths.dashboard} />;

  const visible =
    type === 'all'
      ? sorted
      : sorted.filter((service) => isMeteredUnit(service.unit) === (type === 'metered'));
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;

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
          <Button variant="contained" startIcon={<AddOutlined />} onClick={editor.openCreate}>
            Thêm dịch vụ
          </Button>
        }
      />
    );
  } else {
    content = <ServiceTable services={visible} onEdit={editor.openEdit} onDelete={removal.ask} />;
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
              onClick={editor.openCreate}
              data-testid="service-create-button"
            >
              Thêm dịch vụ
            </Button>
          ) : undefined
        }
      />
      <FeeTabs type={type} />
      {content}
      {houseID !== null && (
        <Box sx={{ mt: 3 }}>
          <HouseBillingDay houseID={houseID} />
        </Box>
      )}
      {houseID !== null && (
        <FeeDialog
          open={editor.open}
          houseID={houseID}
          fee={editor.item}
          unitsInUse={unitsInUse}
          onClose={editor.close}
          onSaved={() => void mutate()}
        />
      )}
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa dịch vụ"
        message={
          <>
            Dịch vụ <strong>{removal.item?.serviceName}</strong> sẽ bị xóa khỏi nhà trọ. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa dịch vụ"
        testId="service-delete-dialog"
      />
    </Box>
  );
}
