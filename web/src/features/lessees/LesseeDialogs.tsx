import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import { useMemo } from 'react';
import { ErrorState } from '../../components/DataStates';
import { FormDialog } from '../../components/crud';
import { LesseeForm } from './LesseeForm';
import { useLessee, type LesseeDetail } from './lesseesApi';
import type { LesseeFormTarget } from './lesseeValidation';

/** 'Thêm người ở': the lessee form for a given contract, in a dialog (full screen on phones). */
export function AddOccupantDialog({
  open,
  contractID,
  houseID,
  onClose,
}: {
  open: boolean;
  contractID: string;
  houseID: string;
  onClose: () => void;
}) {
  const target = useMemo<LesseeFormTarget>(() => ({ kind: 'contract', contractID }), [contractID]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Thêm người ở"
      titleId="lessee-add-title"
      testId="lessee-add-dialog"
    >
      <LesseeForm target={target} houseID={houseID} frame="dialog" onCancel={onClose} onSaved={onClose} />
    </FormDialog>
  );
}

function EditForm({ lessee, onClose }: { lessee: LesseeDetail; onClose: () => void }) {
  const target = useMemo<LesseeFormTarget>(() => ({ kind: 'edit', lessee }), [lessee]);
  return (
    <LesseeForm
      target={target}
      houseID={lessee.houseID}
      frame="dialog"
      onCancel={onClose}
      onSaved={onClose}
    />
  );
}

function LoadedEditForm({ lesseeInfoID, onClose }: { lesseeInfoID: string; onClose: () => void }) {
  const { data, error, mutate } = useLessee(lesseeInfoID);
  if (data === undefined) {
    return (
      <DialogContent dividers>
        {error !== undefined ? (
          <ErrorState onRetry={() => void mutate()} />
        ) : (
          <Box aria-busy="true" aria-label="Đang tải thông tin người thuê" sx={{ display: 'grid', gap: 2 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Box>
        )}
      </DialogContent>
    );
  }
  return <EditForm lessee={data} onClose={onClose} />;
}

/**
 * 'Chỉnh sửa': the lessee form filled with the occupant's current details (read fresh, with the ETag
 * the PATCH sends as If-Match and the photos' read URLs).
 */
export function EditLesseeDialog({
  open,
  lesseeInfoID,
  onClose,
}: {
  open: boolean;
  lesseeInfoID: string | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Sửa thông tin người thuê"
      titleId="lessee-edit-title"
      testId="lessee-edit-dialog"
    >
      {lesseeInfoID !== null && <LoadedEditForm lesseeInfoID={lesseeInfoID} onClose={onClose} />}
    </FormDialog>
  );
}
