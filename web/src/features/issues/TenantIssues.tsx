import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import {
  ISSUE_MESSAGES,
  ISSUE_STATUS,
  MAX_ISSUE_IMAGES,
  issueCreateSchema,
  type IssueCreateInput,
} from '@nhatro/common';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ConfirmDialog, useEntityDialogs, useEntitySave } from '../../components/crud';
import { reservedHelperText, useFieldForm, validateWithSchema } from '../../components/fieldForm';
import { preparePhoto } from '../../components/photoFile';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import {
  cancelIssue,
  createIssue,
  issueStatusColor,
  issueStatusLabel,
  requestIssueImageUpload,
  useIssueList,
  type IssueReply,
  type IssueScope,
} from '../../lib/api/resources/issues';
import { putPhotoBlob } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { Line, ListBody } from '../../components/tenantParts';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';

const PAGE_SIZE = 5;
type IssueField = 'title' | 'description';
type IssueValues = Record<IssueField, string>;

/** A photo already in blob storage, with a local preview. */
interface UploadedPhoto {
  blobName: string;
  previewURL: string;
}

function validateIssue(values: IssueValues, images: readonly string[]) {
  return validateWithSchema<IssueField, IssueCreateInput>(issueCreateSchema, {
    title: values.title,
    description: values.description,
    images: [...images],
  });
}

/** Photos picked from the phone (camera or gallery): scaled down to a JPEG and uploaded as soon as chosen. */
function usePhotoUploads(houseID: string) {
  const [photos, setPhotos] = useState<UploadedPhoto[]>([]);
  const [pending, setPending] = useState(0);
  const previews = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const add = async (files: readonly File[]) => {
    const room = MAX_ISSUE_IMAGES - photos.length - pending;
    if (files.length > room) notify.warning(`Tối đa ${MAX_ISSUE_IMAGES} ảnh cho một báo cáo.`);
    const chosen = files.slice(0, Math.max(0, room));
    setPending((count) => count + chosen.length);
    await Promise.all(
      chosen.map(async (file) => {
        try {
          const photo = await preparePhoto(file);
          const grant = await requestIssueImageUpload(houseID, photo.extension);
          await putPhotoBlob(grant.uploadURL, photo);
          const previewURL = URL.createObjectURL(photo.blob);
          previews.current.push(previewURL);
          setPhotos((current) => [...current, { blobName: grant.blobName, previewURL }]);
        } catch (error) {
          if (!isSessionExpiry(error)) notify.error(failureText('Tải ảnh lên thất bại!', error));
        } finally {
          setPending((count) => count - 1);
        }
      }),
    );
  };

  const remove = (blobName: string) =>
    setPhotos((current) => current.filter((photo) => photo.blobName !== blobName));
  const clear = () => setPhotos([]);

  return { photos, pending, add, remove, clear };
}

/** 'Thêm ảnh', the photos uploading, and those chosen (each may be taken off). */
function IssuePhotos({
  uploads,
  disabled,
}: {
  uploads: ReturnType<typeof usePhotoUploads>;
  disabled: boolean;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const full = uploads.photos.length + uploads.pending >= MAX_ISSUE_IMAGES;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    // The upload shows its own progress and failures.
    if (files.length > 0) void uploads.add(files);
  };
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<AddAPhotoOutlined />}
        onClick={() => fileInput.current?.click()}
        disabled={full || disabled}
        data-testid="issue-photo-add"
        sx={{ minHeight: 44 }}
      >
        Thêm ảnh ({uploads.photos.length}/{MAX_ISSUE_IMAGES})
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={choose}
        aria-label="Chụp hoặc chọn ảnh sự cố"
        data-testid="issue-photo-file"
      />
      {uploads.pending > 0 && (
        <Box sx={{ mt: 1 }} data-testid="issue-photo-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Đang tải {uploads.pending} ảnh lên…
          </Typography>
          <LinearProgress aria-label="Đang tải ảnh lên" />
        </Box>
      )}
      {uploads.photos.length > 0 && (
        <Box
          component="ul"
          aria-label="Ảnh đã chọn"
          data-testid="issue-photo-list"
          sx={{
            p: 0,
            m: 0,
            mt: 1.5,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
          }}
        >
          {uploads.photos.map((photo, index) => (
            <Box
              component="li"
              key={photo.blobName}
              sx={{
                listStyle: 'none',
                position: 'relative',
                aspectRatio: '1',
                borderRadius: 1.5,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Box
                component="img"
                src={photo.previewURL}
                alt={`Ảnh ${index + 1}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={`Bỏ ảnh ${index + 1}`}
                onClick={() => uploads.remove(photo.blobName)}
                disabled={disabled}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'rgba(255,255,255,0.9)',
                  '&:hover': { bgcolor: '#fff' },
                }}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function IssueForm({ houseID }: { houseID: string }) {
  const { isSaving, save } = useEntitySave({ resetAfterSuccess: true });
  const uploads = usePhotoUploads(houseID);
  const images = uploads.photos.map((photo) => photo.blobName);
  const validate = useCallback((values: IssueValues) => validateIssue(values, []).errors, []);
  const form = useFieldForm<IssueField>({ title: '', description: '' }, validate);
  const busy = isSaving || uploads.pending > 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    form.touchAll();
    const { data } = validateIssue(form.values, images);
    if (data === null) return;
    const saved = await save(() => createIssue(data), {
      successText: ISSUE_MESSAGES.sent,
      failureText: ISSUE_MESSAGES.sendFailed,
      notifyFailure: (error) => {
        if (isSessionExpiry(error)) return;
        notify.error(ISSUE_MESSAGES.sendFailed);
      },
    });
    if (!saved) return;
    form.reset({ title: '', description: '' });
    uploads.clear();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Gửi báo cáo sự cố"
      data-testid="issue-form"
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        id="issue-title"
        name="title"
        label="Tiêu đề"
        {...form.bind('title')}
        helperText={reservedHelperText(form.visibleError('title'))}
        required
        fullWidth
        autoComplete="off"
        disabled={isSaving}
        placeholder="Ví dụ: Vòi nước bị rò rỉ"
        slotProps={{ htmlInput: { 'data-testid': 'issue-title', maxLength: 150 } }}
      />
      <TextField
        id="issue-description"
        name="description"
        label="Nội dung"
        {...form.bind('description')}
        helperText={reservedHelperText(form.visibleError('description'))}
        required
        fullWidth
        multiline
        minRows={3}
        disabled={isSaving}
        placeholder="Mô tả sự cố: ở đâu, từ khi nào…"
        slotProps={{ htmlInput: { 'data-testid': 'issue-description', maxLength: 2000 } }}
      />
      <IssuePhotos uploads={uploads} disabled={isSaving} />
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        disabled={uploads.pending > 0}
        data-testid="issue-submit"
        sx={{ minHeight: 48, mt: 1 }}
      >
        Gửi yêu cầu
      </Button>
    </Box>
  );
}

function IssueItem({ issue, onCancel }: { issue: IssueReply; onCancel: (issue: IssueReply) => void }) {
  const photos = issue.imageURLs ?? [];
  return (
    <Box data-testid={`tenant-issue-${issue.issueID}`} data-status={issue.status}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 auto', minWidth: 0 }}>
          {issue.title}
        </Typography>
        <Chip
          size="small"
          color={issueStatusColor(issue.status)}
          label={issueStatusLabel(issue.status)}
          data-testid="tenant-issue-status"
        />
      </Box>
      <Line>{issue.description}</Line>
      <Line>Gửi lúc {formatDateTime(issue.createdOn)}</Line>
      {issue.response && (
        <Typography
          variant="body2"
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
          data-testid="tenant-issue-response"
        >
          Phản hồi của chủ trọ: {issue.response}
        </Typography>
      )}
      {photos.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }} data-testid="tenant-issue-photos">
          {photos.map((photo, index) => (
            <Box
              key={photo.blobName}
              component="a"
              href={photo.url}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'block', width: 64, height: 64, borderRadius: 1, overflow: 'hidden' }}
            >
              <PhotoThumbnail link={photo} alt={`Ảnh ${index + 1} của báo cáo ${issue.title}`} />
            </Box>
          ))}
        </Box>
      )}
      {issue.status === ISSUE_STATUS.received && (
        <Button
          color="error"
          size="small"
          onClick={() => onCancel(issue)}
          data-testid="tenant-issue-cancel"
          sx={{ mt: 0.5, minHeight: 40 }}
        >
          Hủy
        </Button>
      )}
    </Box>
  );
}

function IssueList({ scope }: { scope: IssueScope }) {
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useIssueList({ scope, status: 'all', page, pageSize: PAGE_SIZE });
  const { removal } = useEntityDialogs<IssueReply>({
    remove: cancelIssue,
    removedText: ISSUE_MESSAGES.cancelled,
    removeFailedText: 'Hủy báo cáo thất bại!',
    afterRemove: () => {
      if (page > 0 && data?.value.length === 1) setPage(page - 1);
    },
    afterRemoveFailed: () => void mutate(),
  });
  const total = data?.['@odata.count'] ?? 0;
  const pageCount = Math.ceil(total / PAGE_SIZE);

  return (
    <>
      <ListBody
        items={data?.value}
        error={error}
        onRetry={() => void mutate()}
        empty="Bạn chưa gửi báo cáo sự cố nào."
        label="Báo cáo sự cố đã gửi"
        testId="tenant-issues"
        itemKey={(issue) => issue.issueID}
        render={(issue) => <IssueItem issue={issue} onCancel={removal.ask} />}
      />
      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={page + 1}
          onChange={(_event, next) => setPage(next - 1)}
          size="small"
          sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}
          aria-label="Trang báo cáo sự cố"
        />
      )}
      <ConfirmDialog
        {...removal.dialogProps}
        title="Hủy báo cáo sự cố"
        message={`Hủy báo cáo “${removal.item?.title ?? ''}”? Chủ trọ sẽ không nhận được báo cáo này nữa.`}
        confirmLabel="Hủy báo cáo"
        cancelLabel="Không, giữ lại"
        testId="tenant-issue-cancel-dialog"
      />
    </>
  );
}

/** 'Báo cáo sự cố' on the tenant's room page: a new report with photos, then their reports and statuses. */
export function TenantIssuesSection({
  houseID,
  roomID,
  contractID,
}: {
  houseID: string;
  roomID: string;
  contractID: string | null;
}) {
  const scope: IssueScope = contractID === null ? { roomID } : { contractID };
  return (
    <SectionCard id="tenant-issues" title="Báo cáo sự cố" testId="tenant-issues-section">
      <IssueForm houseID={houseID} />
      <Typography variant="h3" sx={{ fontSize: '1.0625rem', mt: 3, mb: 0.5 }}>
        Báo cáo đã gửi
      </Typography>
      <IssueList scope={scope} />
    </SectionCard>
  );
}
