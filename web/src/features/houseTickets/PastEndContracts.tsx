import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PastEndContract } from '@nhatro/common';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';

function dayText(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Contracts past their end date that nobody extended or ended: they go on month to month (billed like
 * an active one); each links to its contract, where the landlord extends or ends it.
 */
export function PastEndContracts({ contracts }: { contracts: readonly PastEndContract[] }) {
  if (contracts.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="billing-past-end">
      <Typography sx={{ fontWeight: 600 }}>
        {contracts.length} hợp đồng quá hạn, chưa gia hạn (vẫn tính tiền theo tháng)
      </Typography>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {contracts.map((contract) => (
          <li key={contract.contractID}>
            <Link component={RouterLink} to={paths.contract(contract.contractID)}>
              {contract.roomName || 'Phòng'}
            </Link>{' '}
            – hết hạn {dayText(contract.endDate)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
