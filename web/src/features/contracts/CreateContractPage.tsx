import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { activeReservations, useHouseReservations } from '../../lib/api/resources/reservations';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { BackButton } from './ContractFrame';
import { ContractWizard } from './createContract/ContractWizard';
import { savedDraftKey } from './createContract/savedDraft';
import { useHouseRoomList, useHouseServices } from './contractsApi';
import { sortFees } from './contractRules';

/** /createContract[?roomID=…]: the contract in five steps, the room preset when given. */
export function CreateContractPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const [params] = useSearchParams();
  const presetRoomID = params.get('roomID');
  const rooms = useHouseRoomList(houseID);
  const reservations = useHouseReservations(houseID);
  const fees = useHouseServices(houseID);

  const failed = [rooms, reservations, fees].find(
    (reply) => reply.error !== undefined && reply.data === undefined,
  );
  let content;
  if (houseID === null) {
    content = <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn nhà trọ trước khi tạo hợp đồng." />;
  } else if (failed !== undefined) {
    content = (
      <ErrorState
        onRetry={() => {
          void rooms.mutate();
          void reservations.mutate();
          void fees.mutate();
        }}
      />
    );
  } else if (rooms.data === undefined || reservations.data === undefined || fees.data === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải phòng và dịch vụ">
        <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={360} sx={{ maxWidth: 880 }} />
      </Box>
    );
  } else {
    content = (
      <ContractWizard
        houseID={houseID}
        rooms={rooms.data}
        reservations={activeReservations(reservations.data)}
        fees={sortFees(fees.data.value)}
        presetRoomID={presetRoomID}
        draftKey={savedDraftKey(session.userID, houseID)}
      />
    );
  }

  return (
    <Box data-testid="create-contract-page">
      <title>Tạo hợp đồng — Nhà trọ</title>
      <BackButton
        to={presetRoomID === null ? paths.contracts : paths.room(presetRoomID)}
        label={presetRoomID === null ? 'Danh sách hợp đồng' : 'Về phòng'}
      />
      <PageHeader
        title="Tạo hợp đồng"
        subtitle="Điền lần lượt từng bước; bản nháp được giữ trên trình duyệt này cho đến khi tạo xong hoặc bỏ đi."
      />
      {content}
    </Box>
  );
}
