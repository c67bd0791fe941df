import { Fragment, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DIALOG_FORM_SX } from './fieldForm';
import { useOpeningKey } from './useOpeningKey';

/**
 * A dialog holding one form: full screen on phones, and a fresh form on every opening
 * (the form stays on screen while the dialog closes).
 */
export function FormDialog({
  open,
  onClose,
  title,
  titleId,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  titleId: string;
  testId: string;
  children: ReactNode;
}) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const formKey = useOpeningKey(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Fragment key={formKey}>{children}</Fragment>
    </Dialog>
  );
}

/** A form dialog's 'Hủy' and submit buttons: both wait while the form is busy. */
export function FormDialogActions({
  onCancel,
  busy,
  submitLabel,
  submitTestId,
  submitDisabled = false,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
  /** Nothing to send yet (an edit without changes, photos still being read). */
  submitDisabled?: boolean;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Hủy
      </Button>
      <Button
        type="submit"
        variant="contained"
        loading={busy}
        disabled={submitDisabled}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/** The fields of a dialog form in two columns on a tablet or wider; `gridColumn: '1 / -1'` spans both. */
export const TWO_COLUMN_FIELDS_SX = {
  display: 'grid',
  columnGap: 2,
  rowGap: 1,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  pt: 1,
} as const;

/** The form inside a FormDialog: its fields (scrolling between dividers), then 'Hủy' and the submit button. */
export function DialogForm({
  label,
  onSubmit,
  children,
  actions,
}: {
  /** The form's accessible name. */
  label: string;
  /** Calls preventDefault itself; shows its own failures (the dialog does not wait for it). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
  actions: Parameters<typeof FormDialogActions>[0];
}) {
  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={label}
    >
      <DialogContent dividers>{children}</DialogContent>
      <FormDialogActions {...actions} />
    </Box>
  );
}
