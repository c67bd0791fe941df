import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import Alert from '@mui/material/Alert';
import { CHIP_CCCD_PLACE_OF_ISSUE, type CitizenIdQrData } from '@nhatro/common';
import { useState } from 'react';
import { CitizenIdScannerDialog } from '../../components/CitizenIdScanner';
import { reservedHelperText } from '../../components/fieldForm';
import type { PersonDraft, PersonField } from './contractDraft';
import { DateField } from '../../components/dates/DateField';

export const PERSON_LABELS: Record<PersonField, string> = {
  occupantName: 'Họ và tên',
  gender: 'Giới tính',
  phoneNumber: 'Số điện thoại',
  email: 'Email',
  citizenID: 'Số CCCD',
  dateOfBirth: 'Ngày sinh',
  hometown: 'Quê quán',
  placeOfIssue: 'Nơi cấp CCCD',
  dateOfIssue: 'Ngày cấp CCCD',
  currentJob: 'Nghề nghiệp',
  workPlace: 'Nơi làm việc',
  ethnicity: 'Dân tộc',
  nationality: 'Quốc tịch',
  permanentResidence: 'Địa chỉ thường trú',
  temporaryResidence: 'Địa chỉ tạm trú',
  notes: 'Ghi chú',
};

const MORE_FIELDS: readonly PersonField[] = [
  'placeOfIssue',
  'dateOfIssue',
  'currentJob',
  'workPlace',
  'ethnicity',
  'nationality',
  'permanentResidence',
  'temporaryResidence',
  'notes',
];
const DATE_FIELDS: ReadonlySet<PersonField> = new Set(['dateOfBirth', 'dateOfIssue']);
const WIDE_FIELDS: ReadonlySet<PersonField> = new Set([
  'occupantName',
  'permanentResidence',
  'temporaryResidence',
  'notes',
]);

/** What a chip CCCD's QR code fills in of a person (the place of issue and nationality only when empty). */
function cardValues(card: CitizenIdQrData, person: PersonDraft): Partial<Record<PersonField, string>> {
  const filled: Partial<Record<PersonField, string>> = {
    citizenID: card.citizenID,
    occupantName: card.occupantName,
    dateOfBirth: card.dateOfBirth,
    gender: String(card.gender),
    permanentResidence: card.permanentResidence,
    dateOfIssue: card.dateOfIssue,
  };
  if (person.placeOfIssue.trim() === '') filled.placeOfIssue = CHIP_CCCD_PLACE_OF_ISSUE;
  if (person.nationality.trim() === '') filled.nationality = 'Việt Nam';
  return filled;
}

/** 'Quét mã QR CCCD' for one person: the shared scanner; what it reads fills the person's fields. */
function PersonCardScan({
  person,
  idPrefix,
  bind,
  disabled,
}: {
  person: PersonDraft;
  idPrefix: string;
  bind: PersonBinding;
  disabled: boolean;
}) {
  const [isScanning, setIsScanning] = useState(false);
  const [scannedName, setScannedName] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
      <Button
        variant="outlined"
        startIcon={<QrCodeScannerOutlined />}
        onClick={() => setIsScanning(true)}
        disabled={disabled}
        data-testid={`${idPrefix}-scan-qr`}
      >
        Quét mã QR CCCD
      </Button>
      {scannedName !== null && (
        <Alert severity="success" sx={{ flex: '1 1 100%' }} data-testid={`${idPrefix}-scan-result`}>
          Đã điền thông tin từ CCCD của <strong>{scannedName}</strong>. Hãy kiểm tra lại.
        </Alert>
      )}
      {/* Mounted only while open: a wizard may show three people, none of them scanning. */}
      {isScanning && (
        <CitizenIdScannerDialog
          open
          onClose={() => setIsScanning(false)}
          onScanned={(card) => {
            setIsScanning(false);
            for (const [field, value] of Object.entries(cardValues(card, person)) as Array<
              [PersonField, string]
            >) {
              bind.change(field, value);
              bind.blur(field);
            }
            setScannedName(card.occupantName);
          }}
        />
      )}
    </Box>
  );
}

export interface PersonBinding {
  change: (field: PersonField, value: string) => void;
  blur: (field: PersonField) => void;
  /** The visible error of a field (touched, or its step was submitted). */
  error: (field: PersonField) => string | undefined;
}

interface PersonFieldProps {
  name: PersonField;
  person: PersonDraft;
  idPrefix: string;
  bind: PersonBinding;
  required: boolean;
  disabled: boolean;
}

/** One field of a person; dates (birth, issue of the card) typed and shown as dd/mm/yyyy. */
function PersonField({ name, person, idPrefix, bind, required, disabled }: PersonFieldProps) {
  const error = bind.error(name);
  const common = {
    id: `${idPrefix}-${name}`,
    label: PERSON_LABELS[name],
    value: person[name],
    onBlur: () => bind.blur(name),
    error: error !== undefined,
    helperText: reservedHelperText(error),
    required,
    disabled,
    fullWidth: true,
  };
  if (DATE_FIELDS.has(name)) {
    return <DateField {...common} onChange={(value) => bind.change(name, value)} testId={common.id} />;
  }
  return (
    <TextField
      {...common}
      onChange={(event) => bind.change(name, event.target.value)}
      type={name === 'email' ? 'email' : name === 'phoneNumber' ? 'tel' : 'text'}
      multiline={name === 'notes'}
      minRows={name === 'notes' ? 2 : undefined}
      autoComplete="off"
      sx={WIDE_FIELDS.has(name) ? { gridColumn: '1 / -1' } : undefined}
      slotProps={{
        htmlInput: {
          'data-testid': common.id,
          ...(name === 'citizenID' ? { inputMode: 'numeric', maxLength: 12 } : {}),
          ...(name === 'phoneNumber' ? { inputMode: 'tel', maxLength: 10 } : {}),
        },
      }}
    />
  );
}

/**
 * One person's fields: the usual ones first (name, gender, phone, CCCD, birth date, hometown), the rest
 * behind 'Thông tin thêm'. One column on phones, two from 600 px.
 */
export function PersonFields({
  person,
  idPrefix,
  bind,
  isRepresentative,
  disabled,
}: {
  person: PersonDraft;
  idPrefix: string;
  bind: PersonBinding;
  isRepresentative: boolean;
  disabled: boolean;
}) {
  const hasMore = MORE_FIELDS.some(
    (field) => person[field] !== '' && !(field === 'nationality' && person[field] === 'Việt Nam'),
  );
  const moreHasError = MORE_FIELDS.some((field) => bind.error(field) !== undefined);
  const [showMore, setShowMore] = useState(hasMore);
  const expanded = showMore || moreHasError;

  const field = (name: PersonField) => (
    <PersonField
      key={name}
      name={name}
      person={person}
      idPrefix={idPrefix}
      bind={bind}
      required={name === 'occupantName' || (name === 'phoneNumber' && isRepresentative)}
      disabled={disabled}
    />
  );

  const genderError = bind.error('gender');
  const grid = {
    display: 'grid',
    columnGap: 2,
    rowGap: 1,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  } as const;
  return (
    <Box>
      <PersonCardScan person={person} idPrefix={idPrefix} bind={bind} disabled={disabled} />
      <Box sx={grid}>
        {field('occupantName')}
        <FormControl
          error={genderError !== undefined}
          required
          disabled={disabled}
          sx={{ gridColumn: '1 / -1' }}
          onBlur={() => bind.blur('gender')}
        >
          <FormLabel id={`${idPrefix}-gender-label`}>Giới tính</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${idPrefix}-gender-label`}
            name={`${idPrefix}-gender`}
            value={person.gender}
            onChange={(event) => {
              bind.change('gender', event.target.value);
              bind.blur('gender');
            }}
          >
            <FormControlLabel
              value="1"
              control={<Radio data-testid={`${idPrefix}-gender-male`} />}
              label="Nam"
            />
            <FormControlLabel
              value="0"
              control={<Radio data-testid={`${idPrefix}-gender-female`} />}
              label="Nữ"
            />
          </RadioGroup>
          <FormHelperText sx={{ mt: 0 }}>{reservedHelperText(genderError)}</FormHelperText>
        </FormControl>
        {field('phoneNumber')}
        {isRepresentative && field('email')}
        {field('citizenID')}
        {field('dateOfBirth')}
        {field('hometown')}
      </Box>
      <Button
        size="small"
        onClick={() => setShowMore((current) => !current)}
        endIcon={expanded ? <ExpandLessOutlined /> : <ExpandMoreOutlined />}
        aria-expanded={expanded}
        aria-controls={`${idPrefix}-more`}
        disabled={moreHasError}
        sx={{ mb: 1 }}
      >
        Thông tin thêm (nơi cấp, nghề nghiệp, thường trú…)
      </Button>
      <Collapse in={expanded} id={`${idPrefix}-more`}>
        <Box sx={grid}>{MORE_FIELDS.map((name) => field(name))}</Box>
      </Collapse>
    </Box>
  );
}
