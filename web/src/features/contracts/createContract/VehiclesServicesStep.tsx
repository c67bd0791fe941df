import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { FEE_UNIT_LABELS, VEHICLE_TYPES, type Fee, type VehicleType } from '@nhatro/common';
import { reservedHelperText } from '../../../components/fieldForm';
import { formatMoney } from '../../../lib/format';
import {
  emptyVehicle,
  serviceChoice,
  withMatchingVehicleFees,
  type PersonDraft,
  type VehicleDraft,
} from '../contractDraft';
import { gridSx, personName, vehicleName, type DraftControls } from './draftControls';

/** A vehicle's new type; its parking fee follows the type (a car's, not a motorbike's). */
function changeType(
  controls: DraftControls,
  fees: readonly Fee[],
  vehicle: Pick<VehicleDraft, 'key' | 'vehicleType'>,
): void {
  controls.update(
    (current) => ({
      ...current,
      vehicles: current.vehicles.map((other) =>
        other.key === vehicle.key ? { ...other, vehicleType: vehicle.vehicleType } : other,
      ),
      services: withMatchingVehicleFees(current.services, fees, vehicle),
    }),
    `vehicles.${vehicle.key}.licensePlate`,
  );
}

/** One vehicle: its type, plate (none for a bicycle) and owner among the contract's people. */
function VehicleCard({
  controls,
  vehicle,
  index,
  people,
  fees,
}: {
  controls: DraftControls;
  vehicle: VehicleDraft;
  index: number;
  people: readonly PersonDraft[];
  fees: readonly Fee[];
}) {
  const { update, error, touch, disabled } = controls;
  const prefix = `vehicles.${vehicle.key}.`;
  const setVehicle = (change: Partial<VehicleDraft>, path?: string) =>
    update(
      (current) => ({
        ...current,
        vehicles: current.vehicles.map((other) =>
          other.key === vehicle.key ? { ...other, ...change } : other,
        ),
      }),
      path,
    );
  const remove = () =>
    update((current) => ({
      ...current,
      vehicles: current.vehicles.filter((other) => other.key !== vehicle.key),
      services: current.services.filter((choice) => !choice.endsWith(`|${vehicle.key}`)),
    }));
  return (
    <Paper
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
        <IconButton onClick={remove} disabled={disabled} aria-label={`Xóa xe ${index + 1}`} color="error">
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
            changeType(controls, fees, { key: vehicle.key, vehicleType: event.target.value as VehicleType })
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
          onChange={(event) => setVehicle({ licensePlate: event.target.value }, `${prefix}licensePlate`)}
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
          onChange={(event) => setVehicle({ ownerKey: event.target.value })}
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
}

/** One fee of the house: a tick, or for a per-vehicle fee one tick per vehicle. */
function ServiceChoice({ controls, fee }: { controls: DraftControls; fee: Fee }) {
  const { draft, update, disabled } = controls;
  const toggle = (choice: string, checked: boolean) =>
    update((current) => ({
      ...current,
      services: checked
        ? [...current.services, choice]
        : current.services.filter((existing) => existing !== choice),
    }));
  const description = `${formatMoney(fee.price)} · ${FEE_UNIT_LABELS[fee.unit] ?? fee.unit}`;
  if (fee.unit !== 'vehicle') {
    return (
      <Box component="li" sx={{ listStyle: 'none' }}>
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
    <Box component="li" sx={{ listStyle: 'none', py: 0.5 }}>
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
}

/** Step 4: vehicles (type, plate, owner) and the house's services, per-vehicle fees by vehicle. */
export function VehiclesServicesStep({ controls, fees }: { controls: DraftControls; fees: readonly Fee[] }) {
  const { draft, update, disabled } = controls;
  const people = [draft.representative, ...draft.occupants];
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
      {draft.vehicles.map((vehicle, index) => (
        <VehicleCard
          key={vehicle.key}
          controls={controls}
          vehicle={vehicle}
          index={index}
          people={people}
          fees={fees}
        />
      ))}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onClick={() =>
            update((current) => {
              // A new vehicle pays its parking fee unless the landlord unticks it.
              const vehicle = emptyVehicle();
              return {
                ...current,
                vehicles: [...current.vehicles, vehicle],
                services: withMatchingVehicleFees(current.services, fees, vehicle),
              };
            })
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
          {fees.map((fee) => (
            <ServiceChoice key={fee.serviceID} controls={controls} fee={fee} />
          ))}
        </Box>
      )}
    </Box>
  );
}
