import Box from '@mui/material/Box';
import ElectricBoltOutlined from '@mui/icons-material/ElectricBoltOutlined';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber } from '../lib/format';

interface RoomFactsSource {
  price?: number | null;
  acreage?: number | null;
  currentElectricityIndex?: number | null;
  currentWaterIndex?: number | null;
}

function Fact({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: string;
  icon?: ReactNode;
  testId: string;
}) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}>
      <Box
        component="dt"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          color: 'text.secondary',
          fontSize: '0.875rem',
        }}
      >
        {icon}
        {label}
      </Box>
      <Box
        component="dd"
        sx={{
          m: 0,
          mt: 0.25,
          fontSize: { xs: '1rem', sm: '1.125rem' },
          fontWeight: 700,
          overflowWrap: 'anywhere',
        }}
        data-testid={testId}
      >
        {value}
      </Box>
    </Box>
  );
}

function withUnit(value: number | null | undefined, unit: string): string {
  return typeof value === 'number' ? `${formatNumber(value)} ${unit}` : 'Chưa có';
}

/** Rent, area and the current meter readings of a room; test ids are `<testIdPrefix>-price` etc. */
export function RoomFacts({ room, testIdPrefix }: { room: RoomFactsSource; testIdPrefix: string }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
    >
      <Fact
        label="Giá thuê / tháng"
        value={typeof room.price === 'number' ? formatMoney(room.price) : 'Chưa có'}
        testId={`${testIdPrefix}-price`}
      />
      <Fact label="Diện tích" value={withUnit(room.acreage, 'm²')} testId={`${testIdPrefix}-acreage`} />
      <Fact
        label="Chỉ số điện hiện tại"
        value={withUnit(room.currentElectricityIndex, 'kWh')}
        icon={<ElectricBoltOutlined fontSize="small" aria-hidden />}
        testId={`${testIdPrefix}-electricity`}
      />
      <Fact
        label="Chỉ số nước hiện tại"
        value={withUnit(room.currentWaterIndex, 'm³')}
        icon={<WaterDropOutlined fontSize="small" aria-hidden />}
        testId={`${testIdPrefix}-water`}
      />
    </Box>
  );
}
