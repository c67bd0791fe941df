import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router-dom';
import { BrandLink } from '../../components/BrandLink';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession, type RoleId } from '../../lib/session';
import { LogoutButton } from './LogoutButton';
import { navItemsFor } from './navItems';

const ROLE_LABELS: Record<RoleId, string> = {
  [ROLE_IDS.superAdmin]: 'Quản trị hệ thống',
  [ROLE_IDS.houseModerator]: 'Chủ trọ',
  [ROLE_IDS.staff]: 'Nhân viên',
  [ROLE_IDS.lessee]: 'Người thuê',
};

/** Drawer content: brand, who is signed in, the role's navigation and the logout button. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSignedInSession();
  const items = navItemsFor(session.role, session.isUserActive);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ color: 'primary.main' }}>
        <BrandLink to={paths.dashboard} />
      </Toolbar>
      <Divider />
      <Box sx={{ px: 2, py: 1.5 }}>
        {session.fullName && (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="nav-user-name">
            {session.fullName}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="nav-user-role">
          {ROLE_LABELS[session.role.roleID]}
        </Typography>
        {/* Roles whose navigation (spec §2) has no account settings still change their password there. */}
        {session.role.roleID !== ROLE_IDS.houseModerator && (
          <Link
            component={NavLink}
            to={paths.accountSettings}
            onClick={onNavigate}
            variant="body2"
            data-testid="nav-account-settings"
          >
            Tài khoản · Đổi mật khẩu
          </Link>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label="Điều hướng chính" sx={{ flex: 1, overflowY: 'auto' }}>
        <List>
          {items.map(({ label, path, testId, Icon }) => (
            <li key={path}>
              <ListItemButton
                component={NavLink}
                to={path}
                onClick={onNavigate}
                data-testid={testId}
                sx={{
                  mx: 1,
                  borderRadius: 2,
                  '&.active': {
                    bgcolor: 'action.selected',
                    color: 'primary.main',
                    '& .MuiListItemIcon-root': { color: 'primary.main' },
                  },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <LogoutButton fullWidth />
      </Box>
    </Box>
  );
}
