import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Registration } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { RegistrationDialog } from './AdminRegistrationsPage';
import { RegistrationTable } from './RegistrationTable';

/**
 * The super admin's landing list: every registration, newest first; a row opens the same dialog as the
 * approval page (papers, 'Duyệt', 'Từ chối', 'Xóa'), and a button leads to that page's tabs.
 */
export function RegistrationsOverview() {
  const [selected, setSelected] = useState<Registration | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Button
        component={RouterLink}
        to={paths.admin.lessorRegistrations}
        variant="contained"
        sx={{ justifySelf: 'start' }}
        data-testid="registrations-approval-link"
      >
        Mở trang duyệt đăng ký
      </Button>
      <RegistrationTable onSelect={(registration) => setSelected(registration)} />
      {selected !== null && (
        <RegistrationDialog
          key={selected.registrationID}
          registration={selected}
          onClose={() => setSelected(null)}
        />
      )}
    </Box>
  );
}
