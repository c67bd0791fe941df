import { Fragment, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
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
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Hủy
      </Button>
      <Button type="submit" variant="contained" loading={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
