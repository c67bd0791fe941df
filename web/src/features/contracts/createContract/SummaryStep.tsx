import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { parseVietnameseNumber, type Fee, type Room } from '@nhatro/common';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import {
  STEP_LABELS,
  serviceChoice,
  type ContractDraft,
  type PersonDraft,
  type StepIndex,
} from '../contractDraft';
import { formatDay } from '../contractRules';
import { PERSON_LABELS } from '../PersonFields';
import { vehicleName } from './draftControls';

function SummaryBlock({
  title,
  step,
  onEdit,
  children,
  testId,
}: {
  title: string;
  step: StepIndex;
  onEdit: (step: StepIndex) => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid={testId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button size="small" onClick={() => onEdit(step)} aria-label={`Sửa: ${STEP_LABELS[step]}`}>
          Sửa
        </Button>
      </Box>
      {children}
    </Paper>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );
}

function personSummary(person: PersonDraft) {
  const details = [
    person.gender === '1' ? 'Nam' : person.gender === '0' ? 'Nữ' : null,
    person.phoneNumber.trim() || null,
    person.citizenID.trim() ? `CCCD ${person.citizenID.trim()}` : null,
    person.dateOfBirth ? `sinh ${formatDay(person.dateOfBirth)}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <>
      <strong>{person.occupantName.trim()}</strong>
      {details.length > 0 ? ` · ${details.join(' · ')}` : ''}
    </>
  );
}

/** Step 5: everything on one screen before the contract is created. */
export function SummaryStep({
  draft,
  room,
  fees,
  onEdit,
}: {
  draft: ContractDraft;
  room: Room | undefined;
  fees: readonly Fee[];
  onEdit: (step: StepIndex) => void;
}) {
  const rent = parseVietnameseNumber(draft.rentFee.trim());
  const deposit = parseVietnameseNumber(draft.deposit.trim());
  const chosen = fees.flatMap((fee) => {
    if (fee.unit !== 'vehicle') return draft.services.includes(fee.serviceID) ? [fee.serviceName] : [];
    return draft.vehicles.flatMap((vehicle, index) =>
      draft.services.includes(serviceChoice(fee.serviceID, vehicle.key))
        ? [`${fee.serviceName} (${vehicleName(vehicle, index)})`]
        : [],
    );
  });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="contract-summary">
      <SummaryBlock title="Phòng & thời hạn" step={0} onEdit={onEdit} testId="summary-term">
        <Line label="Phòng" value={room?.roomName ?? '—'} />
        <Line label="Thời hạn" value={`${formatDay(draft.startDate)} – ${formatDay(draft.endDate)}`} />
        <Line label="Tiền thuê" value={rent !== undefined ? `${formatMoney(rent)}/tháng` : '—'} />
        <Line
          label="Tiền cọc"
          value={`${deposit !== undefined ? formatMoney(deposit) : '—'}${draft.deposited ? ' (đã nhận)' : ' (chưa nhận)'}`}
        />
        <Line
          label="Chỉ số khi nhận phòng"
          value={`Điện ${draft.electricityIndex?.trim() || '—'} kWh · Nước ${draft.waterIndex?.trim() || '—'} m³`}
        />
      </SummaryBlock>
      <SummaryBlock title="Người đại diện" step={1} onEdit={onEdit} testId="summary-representative">
        <Typography variant="body2">{personSummary(draft.representative)}</Typography>
        {draft.representative.email.trim() !== '' && (
          <Line label="Email" value={draft.representative.email.trim()} />
        )}
      </SummaryBlock>
      <SummaryBlock
        title={`Người ở cùng (${draft.occupants.length})`}
        step={2}
        onEdit={onEdit}
        testId="summary-occupants"
      >
        {draft.occupants.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Không có.
          </Typography>
        ) : (
          draft.occupants.map((occupant) => (
            <Typography key={occupant.key} variant="body2">
              {personSummary(occupant)}
            </Typography>
          ))
        )}
      </SummaryBlock>
      <SummaryBlock title="Xe & dịch vụ" step={3} onEdit={onEdit} testId="summary-vehicles">
        <Line
          label="Xe"
          value={
            draft.vehicles.length === 0
              ? 'Không có'
              : draft.vehicles.map((vehicle, index) => vehicleName(vehicle, index)).join(', ')
          }
        />
        <Line label="Dịch vụ" value={chosen.length === 0 ? 'Không có' : chosen.join(', ')} />
      </SummaryBlock>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Bấm “Tạo hợp đồng” để lưu. {PERSON_LABELS.phoneNumber} của người đại diện sẽ là tên đăng nhập của họ.
      </Typography>
    </Box>
  );
}
