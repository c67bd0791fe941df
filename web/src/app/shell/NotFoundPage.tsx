import Box from '@mui/material/Box';
import { NotFoundContent } from '../../components/NotFound';
import { paths } from '../../lib/paths';
import { roleNeedsSelectedHouse, useSession } from '../../lib/session';
import { HouseChooserProvider } from '../houseChooser/HouseChooserProvider';
import { AppLayout } from './AppLayout';

/** Route for unknown paths: inside the app frame for a signed-in user, on its own otherwise. */
export function NotFoundPage() {
  const session = useSession();
  const canShowAppFrame =
    session !== null && (!roleNeedsSelectedHouse(session.role.roleID) || session.houseID !== null);

  if (canShowAppFrame) {
    return (
      <HouseChooserProvider>
        <AppLayout>
          <title>Không tìm thấy trang — Nhà trọ</title>
          <NotFoundContent homePath={paths.dashboard} />
        </AppLayout>
      </HouseChooserProvider>
    );
  }
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center' }}>
      <title>Không tìm thấy trang — Nhà trọ</title>
      <NotFoundContent />
    </Box>
  );
}
