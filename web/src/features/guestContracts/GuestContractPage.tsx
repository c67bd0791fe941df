import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CallOutlined from '@mui/icons-material/CallOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  CONTRACT_STATUS_LABELS,
  type ContractStatus,
  feePriceSuffix,
  type GuestContractView,
} from '@nhatro/common';
import { useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { ErrorState } from '../../components/DataStates';
import { notifyFailure } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { DocumentButton } from '../../components/DocumentButton';
import { ItemList } from '../../components/ItemList';
import { fetchGuestContractDocument, signGuestContract, useGuestContract } from './guestContractsApi';
import { SignatureField, type SignatureFieldHandle } from '../../components/SignatureField';

const AGREEMENT_TEXT = 'Tôi đã đọc và đồng ý với các điều khoản của hợp đồng';

function Details({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode; testId?: string }> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {items.map(({ label, value, testId }) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, mt: 0.25, fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid={testId}
          >
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Rows({ label, testId, rows }: { label: string; testId: string; rows: ReadonlyArray<ReactNode> }) {
  return <ItemList items={rows} label={label} testId={testId} render={(row) => row} />;
}

function Empty({ children }: { children: ReactNode }) {
  return <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>;
}

function PhoneLink({ phone, testId }: { phone: string | undefined; testId: string }) {
  if (!phone) return <>—</>;
  return (
    <Button
      href={`tel:${phone.replace(/\s+/g, '')}`}
      startIcon={<CallOutlined />}
      sx={{ ml: -1, minHeight: 44, fontWeight: 600 }}
      data-testid={testId}
    >
      {phone}
    </Button>
  );
}

function ContractTerms({ view }: { view: GuestContractView }) {
  const room = [
    view.room.roomName,
    typeof view.room.floor === 'number' ? `tầng ${view.room.floor}` : null,
    typeof view.room.acreage === 'number' ? `${formatNumber(view.room.acreage)} m²` : null,
  ].filter((part): part is string => part !== null);
  const terms = [
    {
      label: 'Thời hạn',
      value: `${formatDate(view.startDate)} – ${formatDate(view.endDate)}`,
      testId: 'guest-term',
    },
    { label: 'Tiền thuê', value: `${formatMoney(view.rentFee)}/tháng`, testId: 'guest-rent' },
    { label: 'Tiền cọc', value: formatMoney(view.deposit), testId: 'guest-deposit' },
    ...(view.isIncreased && typeof view.increasedFee === 'number'
      ? [{ label: 'Mức tăng giá', value: formatMoney(view.increasedFee) }]
      : []),
  ];
  return (
    <>
      <PublicSection id="guest-house" title="Nhà trọ và phòng">
        <Details
          items={[
            { label: 'Nhà trọ', value: view.house.houseName, testId: 'guest-house-name' },
            { label: 'Địa chỉ', value: view.house.houseAddress || '—', testId: 'guest-house-address' },
            { label: 'Phòng', value: room.join(', '), testId: 'guest-room' },
          ]}
        />
      </PublicSection>
      <PublicSection id="guest-parties" title="Các bên">
        <Details
          items={[
            { label: 'Bên cho thuê (chủ trọ)', value: view.lessor.fullName || '—', testId: 'guest-lessor' },
            {
              label: 'Điện thoại chủ trọ',
              value: <PhoneLink phone={view.lessor.phoneNumber} testId="guest-lessor-phone" />,
            },
            {
              label: 'Bên thuê (người đại diện)',
              value: view.representative.occupantName,
              testId: 'guest-representative',
            },
            { label: 'Điện thoại người đại diện', value: view.representative.phoneNumber || '—' },
          ]}
        />
      </PublicSection>
      <PublicSection id="guest-terms" title="Thời hạn và chi phí">
        <Details items={terms} />
      </PublicSection>
      <PublicSection id="guest-occupants" title="Người ở cùng">
        {view.occupants.length === 0 ? (
          <Empty>Không có người ở cùng.</Empty>
        ) : (
          <Rows
            label="Người ở cùng"
            testId="guest-occupant-list"
            rows={view.occupants.map((name) => (
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            ))}
          />
        )}
      </PublicSection>
      <PublicSection id="guest-services" title="Dịch vụ">
        {view.services.length === 0 ? (
          <Empty>Hợp đồng không đăng ký dịch vụ nào.</Empty>
        ) : (
          <Rows
            label="Dịch vụ"
            testId="guest-service-list"
            rows={view.services.map((service) => (
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{service.serviceName}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatMoney(service.price)}
                  {feePriceSuffix(service.unit)}
                </Typography>
              </Box>
            ))}
          />
        )}
      </PublicSection>
      <PublicSection id="guest-vehicles" title="Xe">
        {view.vehicles.length === 0 ? (
          <Empty>Hợp đồng không đăng ký xe nào.</Empty>
        ) : (
          <Rows
            label="Xe"
            testId="guest-vehicle-list"
            rows={view.vehicles.map((vehicle) => (
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{vehicle.licensePlate}</Typography>
                <Typography sx={{ color: 'text.secondary' }}>{vehicle.vehicleType}</Typography>
              </Box>
            ))}
          />
        )}
      </PublicSection>
    </>
  );
}

function SignedNotice({ signedOn }: { signedOn: string }) {
  return (
    <Alert
      severity="success"
      icon={<CheckCircleOutlined />}
      data-testid="guest-signed"
      sx={{ fontSize: '1rem', alignItems: 'center' }}
    >
      Đã ký ngày {formatDate(signedOn)}
    </Alert>
  );
}

/**
 * The consent to keep the tenant's identity data (Law 91/2025/QH15); optional, it does not hold up the
 * signing: the landlord recorded it when the papers were taken, the tenant confirms it here.
 */
const IDENTITY_CONSENT_TEXT =
  'Tôi đồng ý để chủ trọ lưu số CCCD và ảnh giấy tờ của tôi để khai báo tạm trú, lưu trú với công an và lập hợp đồng; ' +
  'dữ liệu được xóa sau khi hết thời gian lưu kể từ lúc tôi chuyển đi.';

/** The drawn signature, the agreement box and 'Tôi đồng ý và ký hợp đồng'. */
interface SigningProps {
  view: GuestContractView;
  token: string;
  onSigned: (signed: GuestContractView) => void;
  /** The contract changed meanwhile (signed from another tab or phone): load it again. */
  onStale: () => void;
}

function SigningForm({ view, token, onSigned, onStale }: SigningProps) {
  const signatureRef = useRef<SignatureFieldHandle>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const [hasAgreed, setHasAgreed] = useState(false);
  const [consents, setConsents] = useState(false);
  const [isSigning, setIsSigning] = useState(false);
  const canSign = isDrawn && hasAgreed && !isSigning;

  const sign = async (): Promise<void> => {
    const signature = signatureRef.current?.toPngDataUrl() ?? null;
    if (signature === null || !hasAgreed) return;
    setIsSigning(true);
    try {
      const signed = await signGuestContract({
        contractID: view.contractID,
        token,
        signature,
        ...(consents ? { identityConsent: true } : {}),
      });
      notify.success(CONTRACT_MESSAGES.signed);
      onSigned(signed);
    } catch (error) {
      setIsSigning(false);
      notifyFailure('Ký hợp đồng thất bại!', error);
      if (isApiError(error) && error.status === 409) onStale();
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ color: 'text.secondary' }}>
        Đọc kỹ hợp đồng (có thể tải bản PDF ở trên), ký tên vào khung dưới đây rồi xác nhận.
      </Typography>
      <SignatureField ref={signatureRef} disabled={isSigning} onDrawnChange={setIsDrawn} />
      <FormControlLabel
        control={
          <Checkbox
            checked={hasAgreed}
            onChange={(event) => setHasAgreed(event.target.checked)}
            disabled={isSigning}
            slotProps={{ input: { 'data-testid': 'guest-agree' } as Record<string, string> }}
          />
        }
        label={AGREEMENT_TEXT}
        sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.75 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={consents}
            onChange={(event) => setConsents(event.target.checked)}
            disabled={isSigning}
            slotProps={{ input: { 'data-testid': 'guest-identity-consent' } as Record<string, string> }}
          />
        }
        label={IDENTITY_CONSENT_TEXT}
        sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.75 } }}
      />
      <Button
        variant="contained"
        size="large"
        disabled={!canSign}
        onClick={() => void sign()}
        sx={{ minHeight: 52, width: { xs: '100%', sm: 'auto' }, justifySelf: { sm: 'start' } }}
        data-testid="guest-sign"
      >
        {isSigning ? (
          <CircularProgress size={22} color="inherit" aria-label="Đang ký hợp đồng" />
        ) : (
          'Tôi đồng ý và ký hợp đồng'
        )}
      </Button>
      {!isDrawn || !hasAgreed ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="guest-sign-hint">
          {!isDrawn && !hasAgreed
            ? 'Hãy ký tên vào khung và đánh dấu ô đồng ý để ký hợp đồng.'
            : !isDrawn
              ? 'Hãy ký tên vào khung để ký hợp đồng.'
              : 'Hãy đánh dấu ô đồng ý để ký hợp đồng.'}
        </Typography>
      ) : null}
    </Box>
  );
}

function SignatureSection(props: SigningProps) {
  const { view } = props;
  let content: ReactNode;
  if (view.signedOn) content = <SignedNotice signedOn={view.signedOn} />;
  else if (view.status !== CONTRACT_STATUS.active)
    content = <Empty>Hợp đồng không còn hiệu lực nên không thể ký.</Empty>;
  else content = <SigningForm {...props} />;
  return (
    <PublicSection id="guest-signature" title="Chữ ký của người đại diện">
      {content}
    </PublicSection>
  );
}

function LoadingView() {
  return (
    <Box aria-busy="true" aria-label="Đang tải hợp đồng" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h1">
        <Skeleton width="60%" />
      </Typography>
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={200} />
    </Box>
  );
}

/** A link the server refuses (bad, expired or revoked token): its message, and nothing else. */
function InvalidLink({ message }: { message: string }) {
  return (
    <Alert severity="error" data-testid="guest-contract-invalid" sx={{ fontSize: '1rem' }}>
      {message}
    </Alert>
  );
}

/**
 * /guestContract/{contractId}?token=…: the public page a guest link opens. The representative reads the
 * contract, downloads its PDF and signs it by drawing, without an account.
 */
export function GuestContractPage() {
  const { contractId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { data: view, error, mutate } = useGuestContract(contractId, token || null);

  let content: ReactNode;
  if (!token) {
    content = <InvalidLink message={CONTRACT_MESSAGES.guestLinkInvalid} />;
  } else if (error !== undefined && view === undefined) {
    const isRefused = isApiError(error) && [400, 403, 404, 410].includes(error.status);
    content = isRefused ? (
      <InvalidLink message={error.message} />
    ) : (
      <ErrorState
        message="Không tải được hợp đồng. Vui lòng kiểm tra kết nối mạng và thử lại."
        onRetry={() => void mutate()}
      />
    );
  } else if (view === undefined) {
    content = <LoadingView />;
  } else {
    const statusLabel = CONTRACT_STATUS_LABELS[view.status as ContractStatus] ?? 'Không còn hiệu lực';
    content = (
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="guest-contract">
        <Box>
          <Typography variant="h1">Hợp đồng thuê phòng</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <Chip
              size="small"
              color={view.status === CONTRACT_STATUS.active ? 'success' : 'default'}
              label={statusLabel}
              data-testid="guest-status"
            />
            <Typography sx={{ color: 'text.secondary' }}>
              Phòng {view.room.roomName} · {view.house.houseName}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }} data-testid="guest-link-expiry">
            Liên kết có hiệu lực đến {formatDateTime(view.linkExpiresOn)}.
          </Typography>
        </Box>
        <DocumentButton
          getLink={() => fetchGuestContractDocument(view.contractID, token)}
          testId="guest-contract-pdf"
          fullWidthOnPhone
        />
        <ContractTerms view={view} />
        <SignatureSection
          view={view}
          token={token}
          onSigned={(signed) => void mutate(signed, { revalidate: false })}
          onStale={() => void mutate()}
        />
      </Box>
    );
  }

  return (
    <PublicPageFrame maxWidth={760}>
      <title>Hợp đồng thuê phòng — Nhà trọ</title>
      {content}
    </PublicPageFrame>
  );
}
