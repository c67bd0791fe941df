import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { LesseeForm } from './LesseeForm';
import type { LesseeFormTarget } from './lesseeValidation';

/**
 * /createLesseeInfo and /createLesseeInRoom/{roomID}: a new occupant of a room's active contract (the
 * room chosen in the form, or given by the URL). Saved: to the occupant's page, or back to the room's
 * occupants when the page was opened for a room.
 */
export function CreateLesseePage() {
  const { id: presetRoomID } = useParams();
  const { houseID, houses } = useSignedInSession();
  const navigate = useNavigate();
  const target = useMemo<LesseeFormTarget>(
    () => ({ kind: 'chooseRoom', ...(presetRoomID ? { presetRoomID } : {}) }),
    [presetRoomID],
  );
  const back = presetRoomID ? paths.roomLessees(presetRoomID) : paths.lessees;
  const houseName = houses.find((house) => house.houseID === houseID)?.houseName;

  return (
    <Box data-testid="lessee-create-page" sx={{ maxWidth: 960 }}>
      <title>Thêm người thuê — Nhà trọ</title>
      <Button
        component={RouterLink}
        to={back}
        size="small"
        startIcon={<ArrowBackOutlined />}
        sx={{ mb: 1, ml: -0.5 }}
      >
        {presetRoomID ? 'Người ở của phòng' : 'Danh sách người thuê'}
      </Button>
      <PageHeader title="Thêm người thuê" subtitle={houseName} />
      {houseID === null ? (
        <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn một nhà trọ để thêm người thuê." />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, pb: 0 }}>
          <LesseeForm
            target={target}
            houseID={houseID}
            frame="page"
            onCancel={() => void navigate(back)}
            onSaved={(lessee) =>
              void navigate(
                presetRoomID ? paths.roomLessees(presetRoomID) : paths.lessee(lessee.lesseeInfoID),
              )
            }
          />
        </Paper>
      )}
    </Box>
  );
}
