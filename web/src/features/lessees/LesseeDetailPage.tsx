import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { LEVEL, RESIDENCE_METHOD_LABELS, type LesseeInfo } from '@nhatro/common';
import { formatDateTime } from '../../lib/format';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog, useEntityDialogs } from '../../components/crud';
import { DetailPageStates } from '../../components/DetailPageStates';
import { PageHeader } from '../../components/PageHeader';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { IdentityPhoto, imageURLOf } from '../../components/IdentityPhotoPicker';
import { IDENTITY_IMAGE_FIELDS } from './IdentityPhotos';
import { EditLesseeDialog } from './LesseeDialogs';
import { deleteLessee, revalidateTenancy, useContract, useLessee, type LesseeDetail } from './lesseesApi';
import { LESSEE_FIELD_LABELS, formatDay, genderLabel, lesseeStatusLabel } from './lesseeLabels';

export const LESSEE_DELETED_TEXT = 'Xóa người thuê thành công!';

type FactField = keyof typeof LESSEE_FIELD_LABELS;

/** "15/03/2026 · Ứng dụng VNeID", or not yet (issue 27: residence declarations). */
function residenceText(lessee: LesseeInfo): string {
  if (!lessee.residenceDeclaredOn) return 'Chưa khai báo';
  const method = lessee.residenceMethod ? RESIDENCE_METHOD_LABELS[lessee.residenceMethod] : '';
  return [formatDay(lessee.residenceDeclaredOn), method].filter(Boolean).join(' · ');
}

/** What the consent to keep identity data was for, when and by whom; whether the person confirmed it. */
function consentText(lessee: LesseeInfo): string {
  if (!lessee.consentAt) return 'Chưa ghi nhận';
  const lines = [
    `${formatDateTime(lessee.consentAt)}${lessee.consentBy ? `, ghi nhận bởi ${lessee.consentBy}` : ''}`,
    lessee.consentPurpose ? `Mục đích: ${lessee.consentPurpose}` : '',
    lessee.consentConfirmedAt
      ? `Người thuê đã xác nhận lúc ${formatDateTime(lessee.consentConfirmedAt)}`
      : 'Người thuê chưa tự xác nhận',
  ];
  return lines.filter(Boolean).join('\n');
}

/** The declaration, with its receipt photo (a thumbnail opening the photo) when one was kept. */
function ResidenceDeclared({ lessee }: { lessee: LesseeDetail }) {
  const receipt = lessee.residenceReceiptImage;
  const link = receipt ? lessee.imageURLs?.find((image) => image.blobName === receipt) : undefined;
  return (
    <>
      {residenceText(lessee)}
      {link && (
        <Box
          component="a"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="lessee-residence-receipt"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, width: 'fit-content' }}
        >
          <Box
            component="img"
            src={link.thumbnailURL ?? link.url}
            alt="Ảnh biên nhận khai báo cư trú"
            loading="lazy"
            sx={{
              width: 64,
              height: 48,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
          Xem ảnh biên nhận
        </Box>
      )}
    </>
  );
}

/** Where the person lives and their residence declaration, with the consent to keep their identity data. */
function ResidenceSection({ lessee }: { lessee: LesseeDetail }) {
  return (
    <SectionCard id="lessee-residence" title="Cư trú">
      <Facts
        items={[
          ['permanentResidence', lessee.permanentResidence ?? ''],
          ['temporaryResidence', lessee.temporaryResidence ?? ''],
          ['residentialReason', lessee.residentialReason ?? ''],
          ['residentialAddress', lessee.residentialAddress ?? ''],
          ['residentialStartDate', formatDay(lessee.residentialStartDate)],
          ['residentialEndDate', formatDay(lessee.residentialEndDate)],
          ['residenceDeclaredOn', <ResidenceDeclared key="declared" lessee={lessee} />],
          ['consentAt', consentText(lessee)],
          ...(lessee.erasureRequestedAt
            ? [['erasureRequestedAt', formatDateTime(lessee.erasureRequestedAt)] as [FactField, string]]
            : []),
          ...(lessee.identityErasedAt
            ? [['identityErasedAt', formatDateTime(lessee.identityErasedAt)] as [FactField, string]]
            : []),
          ['notes', lessee.notes ?? ''],
        ]}
      />
    </SectionCard>
  );
}

function BackLink() {
  return (
    <Button
      component={RouterLink}
      to={paths.lessees}
      size="small"
      startIcon={<ArrowBackOutlined />}
      sx={{ mb: 1, ml: -0.5 }}
      data-testid="lessee-back"
    >
      Danh sách người thuê
    </Button>
  );
}

/** A definition list of label / value pairs; an empty value reads 'Chưa có'. */
function Facts({ items }: { items: ReadonlyArray<[FactField, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        columnGap: 2,
        rowGap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {items.map(([field, value]) => (
        <Box key={field} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {LESSEE_FIELD_LABELS[field]}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            data-testid={`lessee-fact-${field}`}
          >
            {value === '' || value === undefined ? (
              <Box component="span" sx={{ color: 'text.disabled' }}>
                Chưa có
              </Box>
            ) : (
              value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function TenancyLinks({ lessee }: { lessee: LesseeDetail }) {
  const { data: contract } = useContract(lessee.contractID);
  const roomID = lessee.roomID ?? contract?.roomID;
  const roomName = contract?.room?.roomName;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography>
        Phòng:{' '}
        {roomID ? (
          <RouterLink to={paths.room(roomID)} data-testid="lessee-room-link">
            {roomName ? `Phòng ${roomName}` : 'Xem phòng'}
          </RouterLink>
        ) : (
          <Skeleton component="span" width={80} sx={{ display: 'inline-block' }} />
        )}
      </Typography>
      <Typography>
        Hợp đồng:{' '}
        <RouterLink to={paths.contract(lessee.contractID)} data-testid="lessee-contract-link">
          {contract ? `${formatDay(contract.startDate)} – ${formatDay(contract.endDate)}` : 'Xem hợp đồng'}
        </RouterLink>
      </Typography>
      {roomID && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button component={RouterLink} to={paths.roomLessees(roomID)} variant="outlined" size="small">
            Người ở của phòng
          </Button>
          <Button
            component={RouterLink}
            to={paths.vehicleAndLesseeAdd(lessee.contractID)}
            variant="outlined"
            size="small"
          >
            Xe và người ở
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The identity papers: numbers, dates and the photos of the card. */
function PapersSection({ lessee }: { lessee: LesseeDetail }) {
  return (
    <SectionCard id="lessee-papers" title="Giấy tờ tùy thân">
      <Facts
        items={[
          ['citizenID', lessee.citizenID ?? ''],
          ['rfidCardID', lessee.rfidCardID ?? ''],
          ['dateOfIssue', formatDay(lessee.dateOfIssue)],
          ['placeOfIssue', lessee.placeOfIssue ?? ''],
        ]}
      />
      <Box
        sx={{
          mt: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {IDENTITY_IMAGE_FIELDS.map((field) => {
          const blobName = lessee[field];
          return (
            <IdentityPhoto
              key={field}
              label={LESSEE_FIELD_LABELS[field]}
              url={blobName ? imageURLOf(blobName, lessee.imageURLs) : undefined}
              testId={`lessee-photo-${field}`}
            />
          );
        })}
      </Box>
    </SectionCard>
  );
}

/** The vehicles registered to the occupant. */
function VehiclesSection({ vehicles }: { vehicles: NonNullable<LesseeDetail['vehicles']> }) {
  return (
    <SectionCard id="lessee-vehicles" title="Xe" testId="lessee-vehicles">
      {vehicles.length === 0 ? (
        <EmptyLine>Chưa đăng ký xe nào.</EmptyLine>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {vehicles.map((vehicle) => (
            <Box
              component="li"
              key={vehicle.vehicleID}
              sx={{
                listStyle: 'none',
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Chip size="small" label={vehicle.vehicleType} />
              <Typography sx={{ fontWeight: 600 }}>{vehicle.licensePlate || 'Không có biển số'}</Typography>
              {vehicle.description && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {vehicle.description}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

/** 'Chỉnh sửa' and 'Xóa', as the role allows. */
function LesseeActions({
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {canEdit && (
        <Button
          variant="contained"
          startIcon={<EditOutlined />}
          onClick={onEdit}
          data-testid="lessee-edit-button"
        >
          Chỉnh sửa
        </Button>
      )}
      {canDelete && (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutline />}
          onClick={onDelete}
          data-testid="lessee-delete-button"
        >
          Xóa
        </Button>
      )}
    </Box>
  );
}

function LesseeDetails({ lessee }: { lessee: LesseeDetail }) {
  const { role } = useSignedInSession();
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = role.lesseePermission >= LEVEL.update;
  const canDelete = role.lesseePermission >= LEVEL.full;
  const { removal } = useEntityDialogs<LesseeDetail>({
    remove: (toDelete) => deleteLessee(toDelete.lesseeInfoID),
    afterRemove: async () => {
      void revalidateTenancy();
      await navigate(paths.lessees, { replace: true });
    },
    removedText: LESSEE_DELETED_TEXT,
    removeFailedText: 'Xóa người thuê thất bại!',
    // The representative cannot go: the server says to choose another one first.
    keepOpenOnStatuses: [409],
  });
  const vehicles = lessee.vehicles ?? [];

  return (
    <>
      <title>{`${lessee.occupantName} — Nhà trọ`}</title>
      <BackLink />
      <PageHeader
        title={lessee.occupantName}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
            <Chip
              size="small"
              color={lessee.status === 1 ? 'success' : 'default'}
              label={lesseeStatusLabel(lessee.status)}
              data-testid="lessee-status"
            />
            {lessee.isRepresentative && (
              <Chip size="small" color="primary" label="Đại diện" data-testid="lessee-representative" />
            )}
          </Box>
        }
        actions={
          canEdit || canDelete ? (
            <LesseeActions
              canEdit={canEdit}
              canDelete={canDelete}
              onEdit={() => setIsEditing(true)}
              onDelete={() => removal.ask(lessee)}
            />
          ) : undefined
        }
      />

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <SectionCard id="lessee-personal" title="Thông tin cá nhân">
            <Facts
              items={[
                ['occupantName', lessee.occupantName],
                ['gender', genderLabel(lessee.gender)],
                ['dateOfBirth', formatDay(lessee.dateOfBirth)],
                ['phoneNumber', lessee.phoneNumber ?? ''],
                ['status', lesseeStatusLabel(lessee.status)],
                ['ethnicity', lessee.ethnicity ?? ''],
                ['nationality', lessee.nationality ?? ''],
                ['hometown', lessee.hometown ?? ''],
                ['currentJob', lessee.currentJob ?? ''],
                ['workPlace', lessee.workPlace ?? ''],
              ]}
            />
          </SectionCard>
          <PapersSection lessee={lessee} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <SectionCard id="lessee-tenancy" title="Phòng và hợp đồng">
            <TenancyLinks lessee={lessee} />
          </SectionCard>
          <ResidenceSection lessee={lessee} />
          <VehiclesSection vehicles={vehicles} />
        </Box>
      </Box>

      {canEdit && (
        <EditLesseeDialog
          open={isEditing}
          lesseeInfoID={lessee.lesseeInfoID}
          onClose={() => setIsEditing(false)}
        />
      )}
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa người thuê"
        message={
          <>
            Thông tin và ảnh giấy tờ của <strong>{lessee.occupantName}</strong> sẽ bị xóa. Nếu người này chỉ
            chuyển đi, hãy đổi trạng thái thành “Đã chuyển đi” để giữ lại lịch sử. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa người thuê"
        testId="lessee-delete-dialog"
      />
    </>
  );
}

/** /lessees/{id}: every detail of an occupant, their identity photos, vehicles, room and contract. */
export function LesseeDetailPage() {
  const { id = '' } = useParams();
  const { data: lessee, error, isLoading, mutate } = useLessee(id);

  if (lessee === undefined) {
    return (
      <DetailPageStates
        error={error}
        isLoading={isLoading}
        hasData={false}
        onRetry={() => void mutate()}
        title="Người thuê"
        backLink={<BackLink />}
        loadingLabel="Đang tải thông tin người thuê"
        missing={{
          title: 'Không tìm thấy người thuê',
          description: 'Người thuê này không tồn tại hoặc đã bị xóa.',
          listPath: paths.lessees,
          listLabel: 'Về danh sách người thuê',
        }}
      />
    );
  }
  return (
    <Box data-testid="lessee-detail-page">
      <LesseeDetails key={lessee.lesseeInfoID} lessee={lessee} />
    </Box>
  );
}
