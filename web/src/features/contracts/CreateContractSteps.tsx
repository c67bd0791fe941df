import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  FEE_UNIT_LABELS,
  VEHICLE_TYPES,
  parseVietnameseNumber,
  type Fee,
  type Reservation,
  type Room,
  type VehicleType,
} from '@nhatro/common';
import type { ReactNode } from 'react';
import { reservedHelperText } from '../../components/fieldForm';
import { formatMoney } from '../../lib/format';
import {
  REPRESENTATIVE_KEY,
  STEP_LABELS,
  emptyPerson,
  emptyVehicle,
  newKey,
  serviceChoice,
  type ContractDraft,
  type PersonDraft,
  type PersonField,
  type StepIndex,
  type VehicleDraft,
} from './contractDraft';
import { formatDay, termEnd } from './contractRules';
import { PERSON_LABELS, PersonFields, type PersonBinding } from './PersonFields';

/** What every step gets from the wizard. */
export interface DraftControls {
  draft: ContractDraft;
  update: (change: (draft: ContractDraft) => ContractDraft, path?: string) => void;
  /** The error shown under a field (touched, or its step was submitted, or the server's). */
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
  disabled: boolean;
}

function moneyHelper(text: string): string | undefined {
  const value = parseVietnameseNumber(text.trim());
  return value !== undefined && Number.isFinite(value) ? formatMoney(value) : undefined;
}

function gridSx(columns: { xs: number; sm: number }) {
  return {
    display: 'grid',
    columnGap: 2,
    rowGap: 1,
    gridTemplateColumns: {
      xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
      sm: `repeat(${columns.sm}, minmax(0, 1fr))`,
    },
  } as const;
}

function roomOptionLabel(room: Room, reservation: Reservation | undefined): string {
  const price = formatMoney(room.price);
  if (room.status === 'reserved') {
    return reservation
      ? `${room.roomName} — đã cọc: ${reservation.fullName} (${formatMoney(reservation.deposit)})`
      : `${room.roomName} — đã đặt cọc · ${price}`;
  }
  return `${room.roomName} — còn trống · ${price}`;
}

/** Step 1: the room (empty or reserved), the term with its quick lengths, rent and deposit. */
export function RoomTermStep({
  controls,
  rooms,
  reservationOf,
  onChooseRoom,
  presetRoom,
}: {
  controls: DraftControls;
  rooms: readonly Room[];
  reservationOf: (roomID: string) => Reservation | undefined;
  onChooseRoom: (roomID: string) => void;
  presetRoom: Room | undefined;
}) {
  const { draft, update, error, touch, disabled } = controls;
  const reservation = draft.reservationID === '' ? undefined : reservationOf(draft.roomID);
  const dateField = (name: 'startDate' | 'endDate', label: string) => (
    <TextField
      id={`contract-${name}`}
      label={label}
      type="date"
      value={draft[name]}
      onChange={(event) => update((current) => ({ ...current, [name]: event.target.value }), name)}
      onBlur={() => touch(name)}
      error={error(name) !== undefined}
      helperText={reservedHelperText(error(name) ?? (draft[name] ? formatDay(draft[name]) : undefined))}
      required
      disabled={disabled}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `contract-${name}` } }}
    />
  );
  const moneyField = (name: 'rentFee' | 'deposit', label: string) => (
    <TextField
      id={`contract-${name}`}
      label={label}
      value={draft[name]}
      onChange={(event) => update((current) => ({ ...current, [name]: event.target.value }), name)}
      onBlur={() => touch(name)}
      error={error(name) !== undefined}
      helperText={reservedHelperText(error(name) ?? moneyHelper(draft[name]))}
      required={name === 'rentFee'}
      disabled={disabled}
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { 'data-testid': `contract-${name}`, inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
      }}
    />
  );
  const setTerm = (months: number) => {
    touch('endDate');
    update((current) => ({ ...current, endDate: termEnd(current.startDate, months) }), 'endDate');
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {presetRoom !== undefined && presetRoom.status === 'occupied' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Phòng {presetRoom.roomName} đang có hợp đồng hiệu lực: hãy chọn phòng khác.
        </Alert>
      )}
      <TextField
        id="contract-roomID"
        select
        label="Phòng"
        value={draft.roomID}
        onChange={(event) => onChooseRoom(event.target.value)}
        onBlur={() => touch('roomID')}
        error={error('roomID') !== undefined}
        helperText={reservedHelperText(
          error('roomID') ??
            (rooms.length === 0 ? 'Nhà trọ không còn phòng trống hoặc phòng đã đặt cọc.' : undefined),
        )}
        required
        disabled={disabled}
        fullWidth
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'contract-roomID' },
        }}
      >
        <option value="">— Chọn phòng trống hoặc đã đặt cọc —</option>
        {rooms.map((room) => (
          <option key={room.roomID} value={room.roomID}>
            {roomOptionLabel(room, reservationOf(room.roomID))}
          </option>
        ))}
      </TextField>
      {reservation !== undefined && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="contract-reservation">
          Hợp đồng từ khoản cọc của <strong>{reservation.fullName}</strong> ({reservation.phoneNumber}):{' '}
          {formatMoney(reservation.deposit)}, dự kiến dọn vào {formatDay(reservation.expectedMoveInDate)}.
        </Alert>
      )}
      <Box sx={gridSx({ xs: 1, sm: 2 })}>
        {dateField('startDate', 'Ngày bắt đầu')}
        {dateField('endDate', 'Ngày kết thúc')}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: -0.5, mb: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
          Thời hạn nhanh:
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setTerm(6)}
          disabled={disabled || draft.startDate === ''}
        >
          6 tháng
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setTerm(12)}
          disabled={disabled || draft.startDate === ''}
        >
          1 năm
        </Button>
      </Box>
      <Box sx={gridSx({ xs: 1, sm: 2 })}>
        {moneyField('rentFee', 'Tiền thuê / tháng')}
        {moneyField('deposit', 'Tiền cọc')}
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.deposited}
            onChange={(event) => update((current) => ({ ...current, deposited: event.target.checked }))}
            disabled={disabled}
            data-testid="contract-deposited"
          />
        }
        label="Đã nhận cọc"
      />
    </Box>
  );
}

function personBinding(controls: DraftControls, person: PersonDraft, prefix: string): PersonBinding {
  const isRepresentative = person.key === REPRESENTATIVE_KEY;
  const replace = (draft: ContractDraft, field: PersonField, value: string): ContractDraft =>
    isRepresentative
      ? { ...draft, representative: { ...draft.representative, [field]: value } }
      : {
          ...draft,
          occupants: draft.occupants.map((occupant) =>
            occupant.key === person.key ? { ...occupant, [field]: value } : occupant,
          ),
        };
  return {
    change: (field, value) => controls.update((draft) => replace(draft, field, value), `${prefix}${field}`),
    blur: (field) => controls.touch(`${prefix}${field}`),
    error: (field) => controls.error(`${prefix}${field}`),
  };
}

/** Step 2: the representative, who signs and gets the tenant account (username: their phone). */
export function RepresentativeStep({ controls }: { controls: DraftControls }) {
  const person = controls.draft.representative;
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Người đại diện ký hợp đồng và nhận tài khoản Nhà trọ: tên đăng nhập là số điện thoại của họ.
      </Typography>
      <PersonFields
        person={person}
        idPrefix="representative"
        bind={personBinding(controls, person, 'representative.')}
        isRepresentative
        disabled={controls.disabled}
      />
    </Box>
  );
}

/** Step 3: the other occupants, 0 to 20. */
export function OccupantsStep({ controls }: { controls: DraftControls }) {
  const { draft, update, disabled } = controls;
  const add = () =>
    update((current) => ({ ...current, occupants: [...current.occupants, emptyPerson(newKey('o'))] }));
  const remove = (key: string) =>
    update((current) => ({
      ...current,
      occupants: current.occupants.filter((occupant) => occupant.key !== key),
      vehicles: current.vehicles.map((vehicle) =>
        vehicle.ownerKey === key ? { ...vehicle, ownerKey: REPRESENTATIVE_KEY } : vehicle,
      ),
    }));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {draft.occupants.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }} data-testid="occupants-empty">
          Chưa có người ở cùng. Bỏ qua bước này nếu người đại diện ở một mình.
        </Typography>
      )}
      {draft.occupants.map((occupant, index) => (
        <Paper
          key={occupant.key}
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 } }}
          component="section"
          aria-label={`Người ở cùng ${index + 1}`}
          data-testid={`occupant-${index}`}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              Người ở cùng {index + 1}
            </Typography>
            <IconButton
              onClick={() => remove(occupant.key)}
              disabled={disabled}
              aria-label={`Xóa người ở cùng ${index + 1}`}
              color="error"
            >
              <DeleteOutline />
            </IconButton>
          </Box>
          <PersonFields
            person={occupant}
            idPrefix={`occupant-${index}`}
            bind={personBinding(controls, occupant, `occupants.${occupant.key}.`)}
            isRepresentative={false}
            disabled={disabled}
          />
        </Paper>
      ))}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onClick={add}
          disabled={disabled || draft.occupants.length >= 20}
          data-testid="occupant-add"
        >
          Thêm người ở cùng
        </Button>
      </Box>
    </Box>
  );
}

function personName(person: PersonDraft, fallback: string): string {
  return person.occupantName.trim() === '' ? fallback : person.occupantName.trim();
}

function vehicleName(vehicle: VehicleDraft, index: number): string {
  const plate = vehicle.licensePlate.trim().toUpperCase();
  return plate === '' ? `${vehicle.vehicleType} (xe ${index + 1})` : `${vehicle.vehicleType} ${plate}`;
}

/** Step 4: vehicles (type, plate, owner) and the house's services, per-vehicle fees by vehicle. */
export function VehiclesServicesStep({ controls, fees }: { controls: DraftControls; fees: readonly Fee[] }) {
  const { draft, update, error, touch, disabled } = controls;
  const people = [draft.representative, ...draft.occupants];
  const setVehicle = (key: string, change: Partial<VehicleDraft>, path?: string) =>
    update(
      (current) => ({
        ...current,
        vehicles: current.vehicles.map((vehicle) =>
          vehicle.key === key ? { ...vehicle, ...change } : vehicle,
        ),
      }),
      path,
    );
  const removeVehicle = (key: string) =>
    update((current) => ({
      ...current,
      vehicles: current.vehicles.filter((vehicle) => vehicle.key !== key),
      services: current.services.filter((choice) => !choice.endsWith(`|${key}`)),
    }));
  const toggle = (choice: string, checked: boolean) =>
    update((current) => ({
      ...current,
      services: checked
        ? [...current.services, choice]
        : current.services.filter((existing) => existing !== choice),
    }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="h3" sx={{ fontSize: '1.0625rem' }}>
        Xe
      </Typography>
      {draft.vehicles.length === 0 && (
        <Typography sx={{ color: 'text.secondary', mt: -1 }} data-testid="vehicles-empty">
          Chưa có xe nào.
        </Typography>
      )}
      {draft.vehicles.map((vehicle, index) => {
        const prefix = `vehicles.${vehicle.key}.`;
        return (
          <Paper
            key={vehicle.key}
            variant="outlined"
            component="section"
            aria-label={`Xe ${index + 1}`}
            data-testid={`vehicle-${index}`}
            sx={{ p: { xs: 1.5, sm: 2 } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography component="h4" sx={{ fontWeight: 700 }}>
                Xe {index + 1}
              </Typography>
              <IconButton
                onClick={() => removeVehicle(vehicle.key)}
                disabled={disabled}
                aria-label={`Xóa xe ${index + 1}`}
                color="error"
              >
                <DeleteOutline />
              </IconButton>
            </Box>
            <Box sx={gridSx({ xs: 1, sm: 3 })}>
              <TextField
                id={`vehicle-${index}-type`}
                select
                label="Loại xe"
                value={vehicle.vehicleType}
                onChange={(event) =>
                  setVehicle(
                    vehicle.key,
                    { vehicleType: event.target.value as VehicleType },
                    `${prefix}licensePlate`,
                  )
                }
                disabled={disabled}
                helperText=" "
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': `vehicle-${index}-type` },
                }}
              >
                {VEHICLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </TextField>
              <TextField
                id={`vehicle-${index}-licensePlate`}
                label="Biển số"
                value={vehicle.licensePlate}
                onChange={(event) =>
                  setVehicle(vehicle.key, { licensePlate: event.target.value }, `${prefix}licensePlate`)
                }
                onBlur={() => touch(`${prefix}licensePlate`)}
                error={error(`${prefix}licensePlate`) !== undefined}
                helperText={reservedHelperText(
                  error(`${prefix}licensePlate`) ??
                    (vehicle.vehicleType === 'Xe đạp' ? 'Xe đạp không cần biển số.' : undefined),
                )}
                required={vehicle.vehicleType !== 'Xe đạp'}
                disabled={disabled}
                autoComplete="off"
                slotProps={{
                  htmlInput: { 'data-testid': `vehicle-${index}-licensePlate`, autoCapitalize: 'characters' },
                }}
              />
              <TextField
                id={`vehicle-${index}-owner`}
                select
                label="Chủ xe"
                value={vehicle.ownerKey}
                onChange={(event) => setVehicle(vehicle.key, { ownerKey: event.target.value })}
                disabled={disabled}
                helperText=" "
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': `vehicle-${index}-owner` },
                }}
              >
                {people.map((person, personIndex) => (
                  <option key={person.key} value={person.key}>
                    {personName(person, personIndex === 0 ? 'Người đại diện' : `Người ở cùng ${personIndex}`)}
                  </option>
                ))}
              </TextField>
            </Box>
          </Paper>
        );
      })}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onClick={() =>
            update((current) => ({ ...current, vehicles: [...current.vehicles, emptyVehicle()] }))
          }
          disabled={disabled || draft.vehicles.length >= 20}
          data-testid="vehicle-add"
        >
          Thêm xe
        </Button>
      </Box>

      <Divider />
      <Typography component="h3" variant="h3" sx={{ fontSize: '1.0625rem' }}>
        Dịch vụ
      </Typography>
      {fees.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nhà trọ chưa có dịch vụ nào.</Typography>
      ) : (
        <Box component="ul" aria-label="Dịch vụ của nhà trọ" sx={{ p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {fees.map((fee) => {
            const description = `${formatMoney(fee.price)} · ${FEE_UNIT_LABELS[fee.unit] ?? fee.unit}`;
            if (fee.unit !== 'vehicle') {
              return (
                <Box component="li" key={fee.serviceID} sx={{ listStyle: 'none' }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={draft.services.includes(fee.serviceID)}
                        onChange={(event) => toggle(fee.serviceID, event.target.checked)}
                        disabled={disabled}
                        data-testid={`service-${fee.serviceID}`}
                      />
                    }
                    label={
                      <span>
                        <strong>{fee.serviceName}</strong> — {description}
                      </span>
                    }
                  />
                </Box>
              );
            }
            return (
              <Box component="li" key={fee.serviceID} sx={{ listStyle: 'none', py: 0.5 }}>
                <Typography>
                  <strong>{fee.serviceName}</strong> — {description}
                </Typography>
                {draft.vehicles.length === 0 ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary', pl: 1 }}>
                    Phí theo xe: thêm xe ở trên rồi chọn xe áp dụng.
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', flexDirection: 'column', pl: 1 }}>
                    {draft.vehicles.map((vehicle, index) => {
                      const choice = serviceChoice(fee.serviceID, vehicle.key);
                      return (
                        <FormControlLabel
                          key={vehicle.key}
                          control={
                            <Checkbox
                              checked={draft.services.includes(choice)}
                              onChange={(event) => toggle(choice, event.target.checked)}
                              disabled={disabled}
                              data-testid={`service-${fee.serviceID}-vehicle-${index}`}
                            />
                          }
                          label={vehicleName(vehicle, index)}
                        />
                      );
                    })}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

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
