import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ISSUE_MESSAGES,
  ISSUE_STATUS_LABELS,
  issueUpdateSchema,
  type IssueStatus,
  type IssueUpdateInput,
} from '@nhatro/common';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { FormDialog, FormDialogActions, useEntitySave } from '../../components/crud';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { AddChargeDialog } from '../../components/AddChargeDialog';
import { revalidateIssues, updateIssue, type IssueReply } from '../../lib/api/resources/issues';

const STATUSES = [1, 2, 3] as const satisfies readonly IssueStatus[];

function isIssueStatus(value: number): value is IssueStatus {
  return (STATUSES as readonly number[]).includes(value);
}

/** The next status a report usually moves to: received → being handled → resolved. */
function nextStatus(status: number): IssueStatus {
  if (status === 1) return 2;
  return 3;
}

const STATUS_FIELDS = ['response'] as const;
type StatusField = (typeof STATUS_FIELDS)[number];

function validateResponse(values: Record<StatusField, string>, status: IssueStatus) {
  return validateWithSchema<StatusField, Omit<IssueUpdateInput, 'issueID'>>(issueUpdateSchema, {
    status,
    response: values.response.trim() === '' ? undefined : values.response,
  });
}

function StatusForm({ issue, onClose }: { issue: IssueReply; onClose: () => void }) {
  const { isSaving, save } = useEntitySave();
  const [status, setStatus] = useState<IssueStatus>(nextStatus(issue.status));
  const validate = useCallback(
    (values: Record<StatusField, string>) => validateResponse(values, status).errors,
    [status],
  );
  const form = useFieldForm<StatusField>({ response: issue.response ?? '' }, validate);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validateResponse(form.values, status);
    if (data === null) return;
    const saved = await save(() => updateIssue(issue, data), {
      successText: ISSUE_MESSAGES.statusUpdated[status],
      failureText: 'Cập nhật sự cố thất bại!',
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, STATUS_FIELDS)),
    });
    if (saved) onClose();
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Cập nhật trạng thái"
    >
      <DialogContent dividers>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          Phòng {issue.roomName}: {issue.title}
        </Typography>
        <RadioGroup
          name="status"
          value={String(status)}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (isIssueStatus(value)) setStatus(value);
          }}
          aria-label="Trạng thái"
          sx={{ my: 1 }}
        >
          {STATUSES.map((value) => (
            <FormControlLabel
              key={value}
              value={String(value)}
              control={<Radio />}
              data-testid={`issue-status-${value}`}
              label={ISSUE_STATUS_LABELS[value]}
              disabled={isSaving}
              sx={{ minHeight: 44 }}
            />
          ))}
        </RadioGroup>
        <TextField
          id="issue-response"
          name="response"
          label="Phản hồi cho người thuê (không bắt buộc)"
          {...form.bind('response')}
          helperText={reservedHelperText(form.visibleError('response'))}
          fullWidth
          multiline
          minRows={2}
          disabled={isSaving}
          slotProps={{ htmlInput: { 'data-testid': 'issue-response', maxLength: 1000 } }}
        />
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={isSaving}
        submitLabel="Lưu"
        submitTestId="issue-status-submit"
      />
    </Box>
  );
}

/** Sets a report's status (the spec's toast for each status) with an optional answer to the tenant. */
export function IssueStatusDialog({
  open,
  issue,
  onClose,
}: {
  open: boolean;
  issue: IssueReply | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <FormDialog
      open={open && issue !== null}
      onClose={onClose}
      title="Cập nhật trạng thái sự cố"
      titleId={titleId}
      testId="issue-status-dialog"
    >
      {issue !== null && <StatusForm issue={issue} onClose={onClose} />}
    </FormDialog>
  );
}

/** 'Tạo phí phát sinh': a one-time charge on the report's contract, linked to the report (`issueID`). */
export function IssueChargeDialog({
  open,
  issue,
  onClose,
}: {
  open: boolean;
  issue: IssueReply | null;
  onClose: () => void;
}) {
  if (issue === null) return null;
  return (
    <AddChargeDialog
      open={open}
      title="Tạo phí phát sinh"
      testIdPrefix="issue-charge"
      contractID={issue.contractID}
      issue={issue}
      intro={
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Khoản phí được thêm vào hợp đồng của phòng {issue.roomName} và gắn với báo cáo sự cố này.
        </Typography>
      }
      onClose={onClose}
      onSaved={() => void revalidateIssues()}
    />
  );
}
