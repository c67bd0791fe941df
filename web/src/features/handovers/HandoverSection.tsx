import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEVICE_STATE_LABELS,
  HANDOVER_KIND_LABELS,
  HANDOVER_KINDS,
  MAX_HANDOVER_PHOTOS,
  type GuestLink,
  type HandoverKind,
  type HandoverList,
  type HandoverView,
} from '@nhatro/common';
import { useState, type ChangeEvent } from 'react';
import { DocumentButton } from '../../components/DocumentButton';
import { ErrorState } from '../../components/DataStates';
import { Spinner } from '../../components/Spinner';
import { notifyFailure } from '../../components/mutationFeedback';
import { photoFileName, preparePhoto } from '../../components/photoFile';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';
import { SectionCard } from '../../components/SectionCard';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { HandoverDialog } from './HandoverDialog';
import { HandoverSignDialog } from './HandoverSignDialog';
import { handoverStatus } from './handoverRules';
import {
  addHandoverPhotos,
  createHandoverGuestLink,
  fetchHandoverDocument,
  useHandovers,
  type HandoverWhere,
} from './handoversApi';

/** Photos chosen here are scaled down in the browser (`preparePhoto`) and sent to the record. */
function PhotoButton({ record, onSaved }: { record: HandoverView; onSaved: (record: HandoverView) => void }) {
  const [busy, setBusy] = useState(false);
  const room = MAX_HANDOVER_PHOTOS - record.images.length;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, Math.max(room, 0));
    event.target.value = '';
    if (files.length === 0) return;
    setBusy(true);
    try {
      const prepared: File[] = [];
      for (const file of files) {
        const photo = await preparePhoto(file);
        prepared.push(
          new File([photo.blob], photoFileName(file.name, photo.extension), { type: photo.contentType }),
        );
      }
      onSaved(await addHandoverPhotos(record.handoverID, prepared));
      notify.success('Đã thêm ảnh vào biên bản.');
    } catch (error) {
      notifyFailure('Thêm ảnh thất bại!', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      component="label"
      variant="outlined"
      loading={busy}
      disabled={room <= 0}
      data-testid={`handover-photos-${record.kind}`}
    >
      Thêm ảnh
      <input hidden type="file" accept="image/*" multiple onChange={(event) => void choose(event)} />
    </Button>
  );
}

function LinkBox({ link }: { link: GuestLink }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      notify.success('Đã sao chép liên kết.');
    } catch {
      notify.info('Không sao chép tự động được: hãy chọn liên kết và sao chép.');
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Liên kết cho người thuê ký"
        value={link.url}
        size="small"
        fullWidth
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'handover-guest-link' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => void copy()}>
          Sao chép liên kết
        </Button>
        <Typography variant="body2">Hết hạn lúc {formatDateTime(link.expiresOn)}</Typography>
      </Box>
    </Box>
  );
}

function Summary({ record }: { record: HandoverView }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        Ngày {formatDate(record.handoverDate)} · Điện {formatNumber(record.electricityIndex)} · Nước{' '}
        {formatNumber(record.waterIndex)} · {record.keyCount} chìa khoá
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {record.devices
          .map((device) => `${device.deviceName}: ${DEVICE_STATE_LABELS[device.state]}`)
          .join(' · ') || 'Không có thiết bị'}
      </Typography>
      {record.damages.length > 0 && (
        <Box data-testid="handover-damages">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Hư hỏng so với khi nhận phòng:
          </Typography>
          {record.damages.map((damage) => (
            <Typography key={damage.deviceID} variant="body2">
              {damage.description} — {formatMoney(damage.amount)}
            </Typography>
          ))}
        </Box>
      )}
      {record.imageURLs.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          {record.imageURLs.map((link) => (
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
      )}
      {record.lessorSignedOn && (
        <Typography variant="body2">
          Chủ trọ ký: {record.lessorSignerName} lúc {formatDateTime(record.lessorSignedOn)}
        </Typography>
      )}
      {record.lesseeSignedOn && (
        <Typography variant="body2">
          Người thuê ký: {record.lesseeSignerName} lúc {formatDateTime(record.lesseeSignedOn)}
        </Typography>
      )}
    </Box>
  );
}

interface KindProps {
  kind: HandoverKind;
  list: HandoverList;
  canEdit: boolean;
  contractID: string;
  onChanged: () => void;
}

function KindBlock({ kind, list, canEdit, contractID, onChanged }: KindProps) {
  const record = list.value.find((item) => item.kind === kind);
  const [dialog, setDialog] = useState<'edit' | 'sign' | null>(null);
  const [link, setLink] = useState<GuestLink | null>(null);
  const saved = () => {
    setDialog(null);
    onChanged();
  };
  const share = async (handoverID: string) => {
    try {
      setLink(await createHandoverGuestLink(handoverID));
    } catch (error) {
      notifyFailure('Tạo liên kết thất bại!', error);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, py: 1 }} data-testid={`handover-${kind}`}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>Biên bản {HANDOVER_KIND_LABELS[kind].toLowerCase()}</Typography>
        <Chip
          size="small"
          label={handoverStatus(record)}
          color={record?.locked ? 'success' : 'default'}
          data-testid={`handover-status-${kind}`}
        />
      </Box>
      {record && <Summary record={record} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canEdit && !record?.locked && (
          <Button
            variant={record ? 'outlined' : 'contained'}
            onClick={() => setDialog('edit')}
            data-testid={`handover-edit-${kind}`}
          >
            {record ? 'Sửa biên bản' : 'Lập biên bản'}
          </Button>
        )}
        {canEdit && record && !record.locked && <PhotoButton record={record} onSaved={onChanged} />}
        {canEdit && record && !record.lessorSignedOn && (
          <Button variant="contained" onClick={() => setDialog('sign')} data-testid={`handover-sign-${kind}`}>
            Chủ trọ ký
          </Button>
        )}
        {canEdit && record && !record.lesseeSignedOn && (
          <Button
            variant="outlined"
            onClick={() => void share(record.handoverID)}
            data-testid={`handover-share-${kind}`}
          >
            Gửi người thuê ký
          </Button>
        )}
        {record && (
          <DocumentButton
            getLink={() => fetchHandoverDocument(record.handoverID)}
            testId={`handover-pdf-${kind}`}
            label="Tải biên bản PDF"
            waitingText="Đang tạo biên bản PDF…"
          />
        )}
      </Box>
      {link && record && !record.lesseeSignedOn && <LinkBox link={link} />}
      {canEdit && (
        <HandoverDialog
          open={dialog === 'edit'}
          onClose={() => setDialog(null)}
          contractID={contractID}
          kind={kind}
          record={record}
          prefill={list.prefill[kind]}
          onSaved={saved}
        />
      )}
      {canEdit && record && (
        <HandoverSignDialog
          open={dialog === 'sign'}
          onClose={() => setDialog(null)}
          record={record}
          onSigned={saved}
        />
      )}
    </Box>
  );
}

/**
 * 'Biên bản bàn giao' on the contract's page: the move-in and move-out records, made and signed by the
 * landlord, sent to the tenant to sign on their phone, and their PDFs. Without `canEdit`: read only.
 */
export function HandoverSection({
  contractID,
  where,
  canEdit,
}: {
  contractID: string;
  where?: HandoverWhere;
  canEdit: boolean;
}) {
  const { data, error, mutate } = useHandovers(contractID, where);
  let content;
  if (error !== undefined && data === undefined) {
    content = <ErrorState message="Không tải được biên bản bàn giao." onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    content = <Spinner label="Đang tải biên bản bàn giao" />;
  } else {
    content = (
      <>
        {HANDOVER_KINDS.map((kind) => (
          <KindBlock
            key={kind}
            kind={kind}
            list={data}
            canEdit={canEdit}
            contractID={contractID}
            onChanged={() => void mutate()}
          />
        ))}
        {canEdit && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Sau khi hai bên đã ký, biên bản không sửa được nữa.
          </Alert>
        )}
      </>
    );
  }
  return (
    <SectionCard id="handovers" title="Biên bản bàn giao" testId="handover-section">
      {content}
    </SectionCard>
  );
}
