import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  parseVietnameseNumber,
  SETTLEMENT_DAMAGES_MAX,
  settlementDamageSchema,
  type SettlementDamage,
} from '@nhatro/common';
import { formatMoney } from '../../lib/format';

/** One damage line as typed: the amount is text until it is read as a number. */
export interface DamageRow {
  description: string;
  amount: string;
}

/** The rows an editor starts with: the suggested damages (e.g. from the handover comparison), or none. */
export function damageRowsOf(initial: readonly SettlementDamage[] = []): DamageRow[] {
  return initial.map((line) => ({ description: line.description, amount: String(line.amount) }));
}

/** Each row's problems with the messages the API gives (index → field → message). */
export function damageProblems(rows: readonly DamageRow[]): Array<Partial<Record<keyof DamageRow, string>>> {
  return rows.map((row) => {
    const parsed = settlementDamageSchema.safeParse({
      description: row.description,
      amount: parseVietnameseNumber(row.amount.trim()) ?? Number.NaN,
    });
    if (parsed.success) return {};
    const problems: Partial<Record<keyof DamageRow, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'description' ? 'description' : 'amount';
      problems[field] ??= issue.message;
    }
    return problems;
  });
}

/** The rows as the request sends them (only when every row is valid). */
export function damagesOf(rows: readonly DamageRow[]): SettlementDamage[] {
  return rows.flatMap((row) => {
    const parsed = settlementDamageSchema.safeParse({
      description: row.description,
      amount: parseVietnameseNumber(row.amount.trim()) ?? Number.NaN,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The damages of a liquidation, line by line: what was damaged or lost and what it costs. Starts from
 * the rows given (a handover comparison may suggest them); lines are added and removed here.
 */
export function DamagesEditor({
  rows,
  onChange,
  showProblems,
  disabled,
}: {
  rows: DamageRow[];
  onChange: (rows: DamageRow[]) => void;
  showProblems: boolean;
  disabled?: boolean;
}) {
  const problems = damageProblems(rows);
  const total = damagesOf(rows).reduce((sum, line) => sum + line.amount, 0);
  const edit = (index: number, field: keyof DamageRow, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}
      data-testid="damages-editor"
    >
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Bồi thường hư hỏng, mất mát
      </Typography>
      {rows.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="damages-none">
          Không có khoản bồi thường nào.
        </Typography>
      )}
      {rows.map((row, index) => (
        <Box
          // Rows have no id of their own; their place is who they are while the form is open.
          key={index}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 3fr) minmax(0, 2fr) auto' },
            alignItems: 'start',
          }}
          data-testid="damage-row"
        >
          <TextField
            label={`Nội dung bồi thường ${index + 1}`}
            value={row.description}
            onChange={(event) => edit(index, 'description', event.target.value)}
            error={showProblems && problems[index]?.description !== undefined}
            helperText={showProblems ? problems[index]?.description : undefined}
            disabled={disabled}
            size="small"
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `damage-description-${index}` } }}
          />
          <TextField
            label={`Số tiền ${index + 1}`}
            value={row.amount}
            onChange={(event) => edit(index, 'amount', event.target.value)}
            error={showProblems && problems[index]?.amount !== undefined}
            helperText={showProblems ? problems[index]?.amount : undefined}
            disabled={disabled}
            size="small"
            sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'data-testid': `damage-amount-${index}` },
              input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
            }}
          />
          <IconButton
            aria-label={`Xóa khoản bồi thường ${index + 1}`}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
            disabled={disabled}
          >
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Button
          startIcon={<AddOutlined />}
          onClick={() => onChange([...rows, { description: '', amount: '' }])}
          disabled={disabled || rows.length >= SETTLEMENT_DAMAGES_MAX}
        >
          Thêm khoản bồi thường
        </Button>
        {rows.length > 0 && (
          <Typography variant="body2" data-testid="damages-total">
            Tổng bồi thường: <strong>{formatMoney(total)}</strong>
          </Typography>
        )}
      </Box>
    </Box>
  );
}
