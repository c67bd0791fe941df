import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import AddHomeWorkOutlined from '@mui/icons-material/AddHomeWorkOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { useEffect, useRef, useState } from 'react';
import { BrandLink } from '../../components/BrandLink';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { useManagedHouses } from '../../lib/api/resources/houses';
import {
  LESSOR_STATUS,
  ROLE_IDS,
  useSessionActions,
  useSignedInSession,
  type HouseSummary,
} from '../../lib/session';
import { LogoutButton } from '../shell/LogoutButton';
import { AddHouseDialog } from './AddHouseDialog';
import { useHouseChooser } from './houseChooserContext';

export const HOUSE_SELECTION_TITLE = 'Chọn nhà trọ bạn muốn quản lý';

function HouseCard({ house, onChoose }: { house: HouseSummary; onChoose: () => void }) {
  const isIncomplete = house.lessorInfo?.status === LESSOR_STATUS.incomplete;
  return (
    <Card component="li" sx={{ listStyle: 'none', height: '100%' }}>
      <CardActionArea
        onClick={onChoose}
        data-testid={`house-card-${house.houseID}`}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <HomeWorkOutlined color="primary" aria-hidden />
            <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {house.houseName}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1, color: 'text.secondary' }}>
            <PlaceOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {house.houseAddress || 'Chưa có địa chỉ'}
            </Typography>
          </Box>
          {isIncomplete && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label="Thông tin chủ trọ chưa đầy đủ"
              sx={{ mt: 1.5 }}
            />
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Shown to roles 2 and 3 until a house is selected; a single house is selected at once. */
export function HouseSelectionScreen() {
  const session = useSignedInSession();
  const { setHouses } = useSessionActions();
  const { chooseHouse } = useHouseChooser();
  const { data: freshHouses, error, isLoading, mutate } = useManagedHouses({ onLoaded: setHouses });
  const houses = session.houses;
  const isLandlord = session.role.roleID === ROLE_IDS.houseModerator;
  const [isAdding, setIsAdding] = useState(false);
  // Whoever manages a single house has nothing to choose: once the fresh list says so, it is chosen
  // for them (once; another house is added from the bar's house menu).
  const onlyHouse = freshHouses?.length === 1 ? freshHouses[0] : undefined;
  const hasChosenOnlyHouse = useRef(false);
  useEffect(() => {
    if (onlyHouse === undefined || hasChosenOnlyHouse.current) return;
    hasChosenOnlyHouse.current = true;
    chooseHouse(onlyHouse);
  }, [onlyHouse, chooseHouse]);

  // A single house is not offered while it is about to be chosen (no card flashes by).
  const isChoosingOnlyHouse = onlyHouse !== undefined || (isLoading && houses.length === 1);

  let content;
  if (houses.length > 0 && !isChoosingOnlyHouse) {
    content = (
      <Box
        component="ul"
        aria-label="Danh sách nhà trọ"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {houses.map((house) => (
          <HouseCard key={house.houseID} house={house} onChoose={() => chooseHouse(house)} />
        ))}
      </Box>
    );
  } else if (isLoading || isChoosingOnlyHouse) {
    content = (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label="Đang tải danh sách nhà trọ">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  } else if (error !== undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else {
    content = (
      <EmptyState
        title="Bạn chưa có nhà trọ nào"
        description={
          isLandlord
            ? 'Thêm nhà trọ đầu tiên của bạn để bắt đầu quản lý phòng và người thuê.'
            : 'Khi chủ trọ thêm bạn vào một nhà trọ, nhà trọ đó sẽ hiện ở đây.'
        }
      />
    );
  }

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <title>Chọn nhà trọ — Nhà trọ</title>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container
          sx={{ py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
        >
          <Box sx={{ color: 'primary.main' }}>
            <BrandLink />
          </Box>
          <LogoutButton variant="text" />
        </Container>
      </Box>
      <Container component="main" sx={{ py: { xs: 3, md: 5 } }} data-testid="house-selection">
        <Typography variant="h1">{HOUSE_SELECTION_TITLE}</Typography>
        <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>
          {session.fullName ? `Xin chào, ${session.fullName}. ` : ''}Bạn có thể đổi nhà trọ bất cứ lúc nào ở
          thanh trên cùng.
        </Typography>
        {content}
        {isLandlord && (
          <>
            <Button
              variant="outlined"
              startIcon={<AddHomeWorkOutlined />}
              onClick={() => setIsAdding(true)}
              data-testid="house-add"
              sx={{ mt: 3, minHeight: 44 }}
            >
              Thêm nhà trọ
            </Button>
            <AddHouseDialog
              open={isAdding}
              onClose={() => setIsAdding(false)}
              onAdded={() => {
                setIsAdding(false);
                void mutate();
              }}
            />
          </>
        )}
      </Container>
    </Box>
  );
}
