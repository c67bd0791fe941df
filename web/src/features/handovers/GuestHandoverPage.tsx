import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  DEVICE_STATE_LABELS,
  HANDOVER_KIND_LABELS,
  HANDOVER_MESSAGES,
  type GuestHandoverView,
} from '@nhatro/common';
import { useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { DocumentButton } from '../../components/DocumentButton';
import { notifyFailure } from '../../components/mutationFeedback';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { SignatureField, type SignatureFieldHandle } from '../../components/SignatureField';
import { isApiError } from '../../lib/api';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { fetchGuestHandoverDocument, signGuestHandover, useGuestHandover } from './handoversApi';

const AGREEMENT_TEXT = 'Tôi đã kiểm tra và đồng ý với hiện trạng phòng ghi trong biên bản';

function Record({ view }: { view: GuestHandoverView }) {
  const { handover } = view;
  return (
    <>
      <PublicSection id="guest-handover-room-section" title="Phòng và các bên">
        <Typography data-testid="guest-handover-room">
          Phòng {view.roomName} · {view.houseName}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{view.houseAddress}</Typography>
        <Typography>Bên cho thuê: {view.lessorName || '—'}</Typography>
        <Typography>Bên thuê: {view.representativeName || '—'}</Typography>
        <Typography>Ngày bàn giao: {formatDate(handover.handoverDate)}</Typography>
      </PublicSection>
      <PublicSection id="guest-handover-meters-section" title="Chỉ số công tơ và chìa khoá">
        <Typography data-testid="guest-handover-meters">
          Điện: {formatNumber(handover.electricityIndex)} · Nước: {formatNumber(handover.waterIndex)}
        </Typography>
        <Typography>
          Chìa khoá: {handover.keyCount}
          {handover.keyNote ? ` (${handover.keyNote})` : ''}
        </Typography>
      </PublicSection>
      <PublicSection id="guest-handover-devices-section" title="Thiết bị trong phòng">
        {handover.devices.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>Phòng không có thiết bị được ghi nhận.</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}
            data-testid="guest-handover-devices"
          >
            {handover.devices.map((device) => (
              <li key={device.deviceID}>
                <strong>{device.deviceName}</strong> (SL {device.quantity}):{' '}
                {DEVICE_STATE_LABELS[device.state]}
                {device.note ? ` — ${device.note}` : ''}
              </li>
            ))}
          </Box>
        )}
        {handover.damages.length > 0 && (
          <Box sx={{ mt: 1.5 }} data-testid="guest-handover-damages">
            <Typography sx={{ fontWeight: 700 }}>Hư hỏng so với khi nhận phòng</Typography>
            {handover.damages.map((damage) => (
              <Typography key={damage.deviceID}>
                {damage.description}: {formatMoney(damage.amount)}
              </Typography>
            ))}
          </Box>
        )}
        {handover.note && <Typography sx={{ mt: 1 }}>Ghi chú: {handover.note}</Typography>}
      </PublicSection>
      {handover.imageURLs.length > 0 && (
        <PublicSection id="guest-handover-photos-section" title="Ảnh hiện trạng">
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {handover.imageURLs.map((link) => (
              <Box
                key={link.blobName}
                component="a"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ width: 88, height: 88, borderRadius: 1, overflow: 'hidden', display: 'block' }}
              >
                <PhotoThumbnail link={link} alt="Ảnh hiện trạng phòng" />
              </Box>
            ))}
          </Box>
        </PublicSection>
      )}
    </>
  );
}

interface SigningProps {
  view: GuestHandoverView;
  token: string;
  onSigned: (signed: GuestHandoverView) => void;
  onStale: () => void;
}

function SigningForm({ view, token, onSigned, onStale }: SigningProps) {
  const signatureRef = useRef<SignatureFieldHandle>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const [hasAgreed, setHasAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const sign = async () => {
    const signature = signatureRef.current?.toPngDataUrl() ?? null;
    if (signature === null || !hasAgreed) return;
    setBusy(true);
    try {
      const signed = await signGuestHandover({ handoverID: view.handover.handoverID, token, signature });
      notify.success(HANDOVER_MESSAGES.signed);
      onSigned(signed);
    } catch (error) {
      setBusy(false);
      notifyFailure('Ký biên bản thất bại!', error);
      if (isApiError(error) && error.status === 409) onStale();
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <SignatureField ref={signatureRef} disabled={busy} onDrawnChange={setIsDrawn} />
      <FormControlLabel
        control={
          <Checkbox
            checked={hasAgreed}
            onChange={(event) => setHasAgreed(event.target.checked)}
            disabled={busy}
            slotProps={{ input: { 'data-testid': 'guest-handover-agree' } as Record<string, string> }}
          />
        }
        label={AGREEMENT_TEXT}
        sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.75 } }}
      />
      <Button
        variant="contained"
        size="large"
        loading={busy}
        disabled={!isDrawn || !hasAgreed}
        onClick={() => void sign()}
        sx={{ minHeight: 52, width: { xs: '100%', sm: 'auto' }, justifySelf: { sm: 'start' } }}
        data-testid="guest-handover-sign"
      >
        Tôi đồng ý và ký biên bản
      </Button>
    </Box>
  );
}

function Signature(props: SigningProps) {
  const { handover } = props.view;
  return (
    <PublicSection id="guest-handover-signature-section" title="Chữ ký của người thuê">
      {handover.lesseeSignedOn ? (
        <Alert severity="success" data-testid="guest-handover-signed">
          Bạn đã ký biên bản lúc {formatDateTime(handover.lesseeSignedOn)}.
        </Alert>
      ) : (
        <SigningForm {...props} />
      )}
    </PublicSection>
  );
}

/**
 * /guestHandover/{handoverId}?token=…: the tenant reads the handover record on their phone, downloads
 * its PDF and signs it by drawing, without an account.
 */
export function GuestHandoverPage() {
  const { handoverId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { data: view, error, mutate } = useGuestHandover(handoverId, token || null);
  let content: ReactNode;
  if (!token) {
    content = <Alert severity="error">{HANDOVER_MESSAGES.guestLinkInvalid}</Alert>;
  } else if (error !== undefined && view === undefined) {
    content =
      isApiError(error) && [400, 404].includes(error.status) ? (
        <Alert severity="error" data-testid="guest-handover-invalid">
          {error.message}
        </Alert>
      ) : (
        <ErrorState
          message="Không tải được biên bản. Vui lòng kiểm tra kết nối mạng và thử lại."
          onRetry={() => void mutate()}
        />
      );
  } else if (view === undefined) {
    content = <Skeleton variant="rounded" height={240} aria-label="Đang tải biên bản" />;
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="guest-handover">
        <Typography variant="h1">Biên bản bàn giao phòng</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{HANDOVER_KIND_LABELS[view.handover.kind]}</Typography>
        <DocumentButton
          getLink={() => fetchGuestHandoverDocument(view.handover.handoverID, token)}
          testId="guest-handover-pdf"
          label="Tải biên bản PDF"
          waitingText="Đang tạo biên bản PDF…"
          fullWidthOnPhone
        />
        <Record view={view} />
        <Signature
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
      <title>Biên bản bàn giao phòng — Nhà trọ</title>
      {content}
    </PublicPageFrame>
  );
}
