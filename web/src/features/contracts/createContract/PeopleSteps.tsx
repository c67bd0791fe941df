import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  REPRESENTATIVE_KEY,
  emptyPerson,
  newKey,
  type ContractDraft,
  type PersonDraft,
  type PersonField,
} from '../contractDraft';
import { PersonFields, type PersonBinding } from '../PersonFields';
import type { DraftControls } from './draftControls';

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
