import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  contractTerminateSchema,
  METER_KIND_LABELS,
  METER_UNITS,
  parseVietnameseNumber,
  settlement,
  type Contract,
  type MeterKind,
  type SettlementDamage,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../../components/crud';
import { reservedHelperText } from '../../components/fieldForm';
import { useLeftFields } from '../../components/useLeftFields';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { isApiError } from '../../lib/api';
import { revalidateAfterReservationChange, vietnamToday } from '../../lib/api/resources/reservations';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import { ContractFrame, contractTitle } from './ContractFrame';
import { SettlementFacts, refundLabel } from './SettlementFacts';
import { revalidateContract, terminateContract, type ContractDetails } from './contractsApi';
import { formatDay, isIsoDate } from './contractRules';
import { DateField } from '../../components/dates/DateField';
import { meterIndexProblem } from './contractDraft';
import { MeterIndexField } from './MeterIndexField';
import { DamagesEditor, damageProblems, damageRowsOf, damagesOf, type DamageRow } from './DamagesEditor';

/** What the form starts from besides the contract: damage lines and final indexes (a move-out record's). */
export interface TerminationStart {
  damages: readonly SettlementDamage[];
  electricityIndex?: number | undefined;
  waterIndex?: number | undefined;
}

const NOTHING_SUGGESTED: TerminationStart = { damages: [] };

type Field = 'terminationDate' | 'reason' | 'electricityIndex' | 'waterIndex';

const KINDS = ['electricity', 'water'] as const;

/** The room's last reading: the final indexes start there and may not be lower. */
function lastIndexesOf(contract: ContractDetails): Partial<Record<MeterKind, number>> {
  const room = contract.room ?? undefined;
  return room ? { electricity: room.currentElectricityIndex, water: room.currentWaterIndex } : {};
}

const { shape } = contractTerminateSchema;

function validate(values: Record<Field, string>, contract: ContractDetails): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const date = values.terminationDate;
  if (!isIsoDate(date)) errors.terminationDate = 'Ngày kết thúc sớm không hợp lệ (định dạng yyyy-mm-dd).';
  // A contract past its end (month to month) may end on any day after it.
  else if (
    date < contract.startDate ||
    (date > contract.endDate &&
      contract.status !== CONTRACT_STATUS.expired &&
      contract.endDate >= vietnamToday())
  ) {
    errors.terminationDate = CONTRACT_MESSAGES.terminationOutsideTerm;
  }
  const reason = shape.reason.safeParse(values.reason);
  if (!reason.success) errors.reason = reason.error.issues[0]?.message;
  const last = lastIndexesOf(contract);
  for (const kind of KINDS) {
    const problem = meterIndexProblem(
      kind,
      values[`${kind}Index`],
      last[kind],
      CONTRACT_MESSAGES.moveOutBelowLast,
    );
    if (problem !== undefined) errors[`${kind}Index`] = problem;
  }
  return errors;
}

/** The typed final indexes, for the request (empty: the last reading, nothing more charged). */
function finalIndexesOf(values: Record<Field, string>): { electricityIndex?: number; waterIndex?: number } {
  const indexes: { electricityIndex?: number; waterIndex?: number } = {};
  for (const kind of KINDS) {
    const value = parseVietnameseNumber(values[`${kind}Index`].trim());
    if (value !== undefined && Number.isFinite(value)) indexes[`${kind}Index`] = value;
  }
  return indexes;
}

/** The early end's values and checks, the settlement they give, and ending the contract once confirmed. */
function useTerminateForm(
  contract: ContractDetails,
  onTerminated: (ended: Contract) => void,
  suggested: TerminationStart,
) {
  const today = vietnamToday();
  // Today is within the term, or past its end (month to month: any day after the end may be chosen).
  const defaultDate = today < contract.startDate ? contract.startDate : today;
  const last = lastIndexesOf(contract);
  // A handover record's indexes start the final ones, unless they are below the room's last reading.
  const startIndex = (kind: MeterKind) => {
    const handed = suggested[`${kind}Index`];
    const floor = last[kind];
    const start = handed !== undefined && (floor === undefined || handed >= floor) ? handed : floor;
    return start === undefined ? '' : String(start);
  };
  const [values, setValues] = useState<Record<Field, string>>({
    terminationDate: defaultDate,
    reason: '',
    electricityIndex: startIndex('electricity'),
    waterIndex: startIndex('water'),
  });
  const [damageRows, setDamageRows] = useState<DamageRow[]>(() => damageRowsOf(suggested.damages));
  const damagesValid = damageProblems(damageRows).every((problem) => Object.keys(problem).length === 0);
  const damageTotal = damagesOf(damageRows).reduce((sum, line) => sum + line.amount, 0);
  const shown = useLeftFields<Field>();
  const [submitted, setSubmitted] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validate(values, contract);
  const visible = (field: Field) => (submitted || shown.isShown(field) ? errors[field] : undefined);
  const touch = shown.leave;
  const set = (field: Field, value: string) => {
    shown.changed(field);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const preview =
    errors.terminationDate === undefined ? settlement(contract, values.terminationDate, damageTotal) : null;

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0 && damagesValid) setConfirmOpen(true);
  };

  const terminate = async () => {
    setIsSaving(true);
    setFailure(null);
    try {
      const ended = await terminateContract({
        contractID: contract.contractID,
        terminationDate: values.terminationDate,
        reason: values.reason.trim(),
        damages: damagesOf(damageRows),
        ...finalIndexesOf(values),
      });
      notify.success(CONTRACT_MESSAGES.terminated);
      setConfirmOpen(false);
      onTerminated(ended);
      void revalidateContract(contract.contractID);
      void revalidateAfterReservationChange(contract.houseID);
    } catch (error) {
      setConfirmOpen(false);
      if (isSessionExpiry(error)) return;
      notify.error(CONTRACT_MESSAGES.terminateFailed);
      setFailure(serverMessage(error));
      if (isApiError(error) && error.status === 409) void revalidateContract(contract.contractID);
    } finally {
      setIsSaving(false);
    }
  };

  return {
    values,
    damageRows,
    setDamageRows,
    showDamageProblems: submitted,
    set,
    touch,
    visible,
    preview,
    meterUse:
      errors.electricityIndex === undefined && errors.waterIndex === undefined
        ? meterUseOf(values, last)
        : [],
    review,
    terminate,
    confirmOpen,
    setConfirmOpen,
    isSaving,
    failure,
  };
}

/** The use each meter ran since its last reading, as typed: 'Điện 1.149 → 1.180 (31 kWh)'. */
function meterUseOf(values: Record<Field, string>, last: Partial<Record<MeterKind, number>>): string[] {
  const final = finalIndexesOf(values);
  return KINDS.flatMap((kind) => {
    const from = last[kind];
    const to = final[`${kind}Index`];
    if (from === undefined || to === undefined) return [];
    const use = Math.round((to - from) * 1000) / 1000;
    return [
      `${METER_KIND_LABELS[kind]} ${formatNumber(from)} → ${formatNumber(to)} (${formatNumber(use)} ${METER_UNITS[kind]})`,
    ];
  });
}

/** What the contract's end would settle: the refund or what is still owed, as it is typed. */
function SettlementPreview({
  preview,
  meterUse,
}: {
  preview: ReturnType<typeof settlement> | null;
  meterUse: string[];
}) {
  return (
    <SectionCard id="settlement-preview" title="Quyết toán dự kiến" testId="settlement-preview-section">
      {preview === null ? (
        <Typography sx={{ color: 'text.secondary' }}>
          Chọn ngày kết thúc trong thời hạn hợp đồng để xem quyết toán.
        </Typography>
      ) : (
        <>
          <SettlementFacts settlement={preview} testIdPrefix="settlement-preview" />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
            Tiền thuê tháng cuối tính theo số ngày đã ở (kể cả ngày kết thúc), trừ vào tiền cọc cùng tiền bồi
            thường.
          </Typography>
          {meterUse.length > 0 && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', mt: 1 }}
              data-testid="settlement-preview-meters"
            >
              Điện nước dùng từ lần ghi gần nhất: {meterUse.join(' · ')}. Tiền điện nước tính theo giá của
              nhà, cùng các hóa đơn còn nợ và phần làm tròn, khi xác nhận kết thúc.
            </Typography>
          )}
        </>
      )}
    </SectionCard>
  );
}

/** The early end's date (within the term), the damages and the reason. */
function TerminateFields({
  values,
  set,
  touch,
  visible,
  isSaving,
  contract,
  damages,
}: {
  damages: { rows: DamageRow[]; onChange: (rows: DamageRow[]) => void; showProblems: boolean };
  values: Record<Field, string>;
  set: (field: Field, value: string) => void;
  touch: (field: Field) => void;
  visible: (field: Field) => string | undefined;
  isSaving: boolean;
  contract: ContractDetails;
}) {
  return (
    <>
      <DateField
        id="terminate-terminationDate"
        label="Ngày kết thúc"
        value={values.terminationDate}
        onChange={(value) => set('terminationDate', value)}
        onBlur={() => touch('terminationDate')}
        error={visible('terminationDate') !== undefined}
        helperText={reservedHelperText(visible('terminationDate'))}
        required
        disabled={isSaving}
        fullWidth
        testId="terminate-terminationDate"
        min={contract.startDate}
        // Month to month (past its end): any day after the end.
        {...(contract.status === CONTRACT_STATUS.expired || contract.endDate < vietnamToday()
          ? {}
          : { max: contract.endDate })}
      />
      <DamagesEditor
        rows={damages.rows}
        onChange={damages.onChange}
        showProblems={damages.showProblems}
        disabled={isSaving}
      />
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {KINDS.map((kind) => (
          <MeterIndexField
            key={kind}
            kind={kind}
            moment="trả phòng"
            value={values[`${kind}Index`]}
            onChange={(value) => set(`${kind}Index`, value)}
            onBlur={() => touch(`${kind}Index`)}
            error={visible(`${kind}Index`)}
            last={lastIndexesOf(contract)[kind]}
            disabled={isSaving}
            testId={`terminate-${kind}Index`}
          />
        ))}
      </Box>
      <TextField
        id="terminate-reason"
        label="Lý do kết thúc sớm"
        value={values.reason}
        onChange={(event) => set('reason', event.target.value)}
        onBlur={() => touch('reason')}
        error={visible('reason') !== undefined}
        helperText={reservedHelperText(visible('reason'))}
        required
        disabled={isSaving}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'terminate-reason', maxLength: 500 } }}
      />
    </>
  );
}

function TerminateForm({
  contract,
  onTerminated,
  suggested,
}: {
  contract: ContractDetails;
  onTerminated: (ended: Contract) => void;
  suggested: TerminationStart;
}) {
  const {
    values,
    damageRows,
    setDamageRows,
    showDamageProblems,
    set,
    touch,
    visible,
    preview,
    meterUse,
    review,
    terminate,
    confirmOpen,
    setConfirmOpen,
    isSaving,
    failure,
  } = useTerminateForm(contract, onTerminated, suggested);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={review}
        aria-label="Kết thúc hợp đồng sớm"
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}
        data-testid="contract-terminate-form"
      >
        <Typography sx={{ mb: 1 }}>
          Thời hạn:{' '}
          <strong>
            {formatDay(contract.startDate)} – {formatDay(contract.endDate)}
          </strong>{' '}
          · Tiền thuê <strong>{formatMoney(contract.rentFee)}</strong>/tháng · Tiền cọc{' '}
          <strong>{formatMoney(contract.deposit)}</strong>
        </Typography>
        <TerminateFields
          values={values}
          set={set}
          touch={touch}
          visible={visible}
          isSaving={isSaving}
          contract={contract}
          damages={{ rows: damageRows, onChange: setDamageRows, showProblems: showDamageProblems }}
        />
        {failure !== null && (
          <Alert severity="error" data-testid="terminate-error">
            {CONTRACT_MESSAGES.terminateFailed}: {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          <Button component={RouterLink} to={paths.contract(contract.contractID)} disabled={isSaving}>
            Hủy
          </Button>
          <Button type="submit" variant="contained" color="error" data-testid="terminate-review">
            Kết thúc hợp đồng
          </Button>
        </Box>
      </Paper>
      <SettlementPreview preview={preview} meterUse={meterUse} />
      <ConfirmDialog
        open={confirmOpen}
        title="Kết thúc hợp đồng sớm"
        confirmLabel="Kết thúc hợp đồng"
        isBusy={isSaving}
        onConfirm={() => void terminate()}
        onClose={() => setConfirmOpen(false)}
        testId="terminate-confirm-dialog"
        message={
          preview === null ? (
            ''
          ) : (
            <>
              {contractTitle(contract)} kết thúc ngày <strong>{formatDay(values.terminationDate)}</strong>;
              phòng sẽ trở lại trạng thái còn trống. {refundLabel(preview.refund)}:{' '}
              <strong>{formatMoney(Math.abs(preview.refund))}</strong>
              {meterUse.length > 0 ? ' (chưa gồm tiền điện nước khi trả phòng và phần làm tròn)' : ''}.
            </>
          )
        }
      />
    </Box>
  );
}

function TerminatedSummary({ contract }: { contract: Contract }) {
  return (
    <SectionCard id="settlement-recorded" title="Quyết toán đã ghi nhận" testId="settlement-recorded-section">
      <Alert severity="success" sx={{ mb: 2 }}>
        Hợp đồng đã kết thúc ngày {formatDay(contract.terminatedOn)}
        {contract.terminationReason ? ` · Lý do: ${contract.terminationReason}` : ''}.
      </Alert>
      {contract.settlement !== undefined && (
        <SettlementFacts settlement={contract.settlement} testIdPrefix="settlement-recorded" />
      )}
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to={paths.contract(contract.contractID)} variant="contained">
          Về hợp đồng
        </Button>
      </Box>
    </SectionCard>
  );
}

function TerminateContent({
  contract,
  suggested,
}: {
  contract: ContractDetails;
  suggested: TerminationStart;
}) {
  const [ended, setEnded] = useState<Contract | null>(null);
  const shown = ended ?? (contract.status === CONTRACT_STATUS.terminated ? contract : null);
  return (
    <>
      <title>{`Kết thúc sớm — ${contractTitle(contract)} — Nhà trọ`}</title>
      <PageHeader title="Kết thúc hợp đồng sớm" subtitle={contractTitle(contract)} />
      {shown !== null ? (
        <TerminatedSummary contract={shown} />
      ) : (
        <TerminateForm contract={contract} onTerminated={setEnded} suggested={suggested} />
      )}
    </>
  );
}

/**
 * /contracts/earlyTerminate/{id}: the date, reason and damages (line by line, starting from
 * `suggested`: e.g. what the move-out handover record gives, with its final indexes), with the settlement
 * before and after.
 */
export function ContractTerminatePage({ suggested = NOTHING_SUGGESTED }: { suggested?: TerminationStart }) {
  return (
    <Box data-testid="contract-terminate-page">
      <ContractFrame title="Kết thúc hợp đồng sớm" back="contract">
        {(contract) => (
          <TerminateContent key={contract.contractID} contract={contract} suggested={suggested} />
        )}
      </ContractFrame>
    </Box>
  );
}
