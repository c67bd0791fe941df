import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import { CONTRACT_MESSAGES, type Fee, type Reservation, type Room } from '@nhatro/common';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import {
  activeReservations,
  revalidateAfterReservationChange,
  useHouseReservations,
  vietnamToday,
} from '../../lib/api/resources/reservations';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { BackButton } from './ContractFrame';
import {
  OccupantsStep,
  RepresentativeStep,
  RoomTermStep,
  SummaryStep,
  VehiclesServicesStep,
  type DraftControls,
} from './CreateContractSteps';
import {
  STEP_LABELS,
  draftPayload,
  emptyDraft,
  errorsOfStep,
  serverErrorsOf,
  stepOf,
  validateDraft,
  type ContractDraft,
  type DraftErrors,
  type StepIndex,
} from './contractDraft';
import {
  createContract,
  revalidateContract,
  useHouseRoomList,
  useHouseServices,
  type CreatedContract,
} from './contractsApi';
import { sortFees, termEnd } from './contractRules';
import { TenantAccountDialog } from './TenantAccountDialog';

export const CONTRACT_CREATED_TEXT = 'Tạo hợp đồng thành công!';
const LAST_STEP: StepIndex = 4;

/** The draft with a room chosen: its price, and when it is reserved, its reservation and deposit. */
function withRoom(
  draft: ContractDraft,
  room: Room | undefined,
  reservation: Reservation | undefined,
): ContractDraft {
  if (room === undefined) return { ...draft, roomID: '', reservationID: '' };
  const next: ContractDraft = { ...draft, roomID: room.roomID, rentFee: String(room.price) };
  if (reservation === undefined) {
    // A deposit is usually one month of rent; it was not received yet.
    return {
      ...next,
      reservationID: '',
      deposit: String(room.price),
      deposited: draft.reservationID === '' ? draft.deposited : false,
    };
  }
  const today = vietnamToday();
  const startDate = reservation.expectedMoveInDate >= today ? reservation.expectedMoveInDate : today;
  const representative = { ...draft.representative };
  if (representative.occupantName.trim() === '') representative.occupantName = reservation.fullName;
  if (representative.phoneNumber.trim() === '') representative.phoneNumber = reservation.phoneNumber;
  return {
    ...next,
    reservationID: reservation.reservationID,
    deposit: String(reservation.deposit),
    deposited: true,
    startDate,
    endDate: termEnd(startDate, 12),
    representative,
  };
}

/** Keeps the metered and fixed fees of the house ticked by default; per-vehicle fees are chosen per vehicle. */
function defaultServices(fees: readonly Fee[]): string[] {
  return fees.filter((fee) => fee.unit !== 'vehicle').map((fee) => fee.serviceID);
}

function ContractWizard({
  houseID,
  rooms,
  reservations,
  fees,
  presetRoomID,
}: {
  houseID: string;
  rooms: readonly Room[];
  reservations: readonly Reservation[];
  fees: readonly Fee[];
  presetRoomID: string | null;
}) {
  const navigate = useNavigate();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const today = vietnamToday();
  const reservationOf = useCallback(
    (roomID: string) => reservations.find((reservation) => reservation.roomID === roomID),
    [reservations],
  );
  const choosable = useMemo(() => rooms.filter((room) => room.status !== 'occupied'), [rooms]);
  const presetRoom = presetRoomID === null ? undefined : rooms.find((room) => room.roomID === presetRoomID);

  const [draft, setDraft] = useState<ContractDraft>(() => {
    const start = emptyDraft(today, termEnd(today, 12));
    const initial = { ...start, services: defaultServices(fees) };
    return presetRoom !== undefined && presetRoom.status !== 'occupied'
      ? withRoom(initial, presetRoom, reservationOf(presetRoom.roomID))
      : initial;
  });
  const [step, setStep] = useState<StepIndex>(0);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submittedSteps, setSubmittedSteps] = useState<ReadonlySet<StepIndex>>(new Set());
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [created, setCreated] = useState<CreatedContract | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const errors = useMemo(() => validateDraft(draft, today), [draft, today]);

  const error = (path: string): string | undefined =>
    serverErrors[path] ?? (touched.has(path) || submittedSteps.has(stepOf(path)) ? errors[path] : undefined);

  const controls: DraftControls = {
    draft,
    disabled: isSaving || created !== null,
    update: (change, path) => {
      setDraft(change);
      if (path !== undefined && serverErrors[path] !== undefined) {
        setServerErrors((current) => {
          const next = { ...current };
          delete next[path];
          return next;
        });
      }
    },
    error,
    touch: (path) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
  };

  const goTo = (next: StepIndex) => {
    setStep(next);
    window.scrollTo({ top: 0 });
    window.setTimeout(() => headingRef.current?.focus(), 0);
  };

  /** Shows the step's errors and moves the focus to the first one. */
  const revealErrors = (target: StepIndex) => {
    setSubmittedSteps((current) => new Set(current).add(target));
    window.setTimeout(() => {
      const invalid = document.querySelector<HTMLElement>('[data-step-form] [aria-invalid="true"]');
      invalid?.focus();
    }, 0);
  };

  const next = () => {
    if (errorsOfStep(errors, step).length > 0) {
      revealErrors(step);
      return;
    }
    if (step < LAST_STEP) goTo((step + 1) as StepIndex);
  };

  const firstStepWithErrors = (found: DraftErrors): StepIndex | null => {
    const steps = Object.keys(found).map(stepOf);
    return steps.length === 0 ? null : (Math.min(...steps) as StepIndex);
  };

  const jumpTo = (target: StepIndex) => {
    if (target <= step) {
      goTo(target);
      return;
    }
    // Forward only over steps without errors.
    for (let index = step; index < target; index += 1) {
      if (errorsOfStep(errors, index as StepIndex).length > 0) {
        goTo(index as StepIndex);
        revealErrors(index as StepIndex);
        return;
      }
    }
    goTo(target);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < LAST_STEP) {
      next();
      return;
    }
    if (isSaving || created !== null) return;
    const { payload, errors: problems } = draftPayload(draft, fees, today);
    if (payload === null) {
      const target = firstStepWithErrors(problems) ?? 0;
      goTo(target);
      revealErrors(target);
      return;
    }
    setIsSaving(true);
    setFailure(null);
    try {
      const contract = await createContract(payload);
      notify.success(CONTRACT_CREATED_TEXT);
      setCreated(contract);
      void revalidateAfterReservationChange(houseID);
      void revalidateContract();
    } catch (failed) {
      setIsSaving(false);
      if (isSessionExpiry(failed)) return;
      const message = serverMessage(failed);
      notify.error(`${CONTRACT_MESSAGES.createFailed} ${message}`);
      setFailure(message);
      if (isApiError(failed) && failed.status === 400) {
        const found = serverErrorsOf(failed.body, draft);
        setServerErrors(found);
        const target = firstStepWithErrors(found);
        if (target !== null && target !== step) goTo(target);
      } else if (isApiError(failed) && failed.status === 409 && message === CONTRACT_MESSAGES.phoneTaken) {
        setServerErrors({ 'representative.phoneNumber': message });
        goTo(1);
      }
    }
  };

  const chosenRoom = rooms.find((room) => room.roomID === draft.roomID);
  const stepErrorCount = (index: StepIndex) =>
    submittedSteps.has(index) ? errorsOfStep({ ...errors, ...serverErrors }, index).length : 0;

  let body;
  if (step === 0) {
    body = (
      <RoomTermStep
        controls={controls}
        rooms={choosable}
        reservationOf={reservationOf}
        presetRoom={presetRoom}
        onChooseRoom={(roomID) => {
          controls.touch('roomID');
          controls.update(
            (current) =>
              withRoom(
                current,
                rooms.find((room) => room.roomID === roomID),
                reservationOf(roomID),
              ),
            'roomID',
          );
        }}
      />
    );
  } else if (step === 1) body = <RepresentativeStep controls={controls} />;
  else if (step === 2) body = <OccupantsStep controls={controls} />;
  else if (step === 3) body = <VehiclesServicesStep controls={controls} fees={fees} />;
  else body = <SummaryStep draft={draft} room={chosenRoom} fees={fees} onEdit={goTo} />;

  return (
    <>
      <Stepper
        activeStep={step}
        alternativeLabel={!isPhone}
        nonLinear
        sx={{ mb: 2, '& .MuiStepLabel-label': { mt: { sm: 0.5 } } }}
        aria-label="Các bước tạo hợp đồng"
      >
        {STEP_LABELS.map((label, index) => {
          const errorCount = stepErrorCount(index as StepIndex);
          return (
            <Step key={label} completed={index < step && errorCount === 0}>
              <StepButton
                onClick={() => jumpTo(index as StepIndex)}
                disabled={controls.disabled}
                aria-label={`Bước ${index + 1}: ${label}`}
                aria-current={index === step ? 'step' : undefined}
              >
                <StepLabel error={errorCount > 0}>{isPhone ? null : label}</StepLabel>
              </StepButton>
            </Step>
          );
        })}
      </Stepper>

      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
        aria-labelledby="contract-step-title"
        data-step-form
        data-testid={`contract-step-${step + 1}`}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}
      >
        <Typography
          variant="h2"
          id="contract-step-title"
          ref={headingRef}
          tabIndex={-1}
          sx={{ fontSize: '1.25rem', mb: 2, outline: 'none' }}
        >
          Bước {step + 1}/{STEP_LABELS.length}: {STEP_LABELS[step]}
        </Typography>
        {body}
        {failure !== null && step === LAST_STEP && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="contract-create-error">
            {CONTRACT_MESSAGES.createFailed} {failure}
          </Alert>
        )}
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            mt: 3,
            position: { xs: 'sticky', sm: 'static' },
            bottom: 0,
            py: { xs: 1, sm: 0 },
            bgcolor: 'background.paper',
            zIndex: 1,
          }}
        >
          <Button
            onClick={() => goTo((step - 1) as StepIndex)}
            disabled={step === 0 || controls.disabled}
            startIcon={<ArrowBackOutlined />}
            data-testid="contract-step-back"
          >
            Quay lại
          </Button>
          {step < LAST_STEP ? (
            <Button
              type="submit"
              variant="contained"
              endIcon={<ArrowForwardOutlined />}
              disabled={controls.disabled}
              data-testid="contract-step-next"
            >
              Tiếp tục
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              loading={isSaving}
              disabled={created !== null}
              data-testid="contract-create-submit"
            >
              Tạo hợp đồng
            </Button>
          )}
        </Box>
      </Paper>

      <TenantAccountDialog
        account={created?.representativeAccount ?? null}
        tenantName={draft.representative.occupantName.trim()}
        onDone={() => {
          if (created !== null) void navigate(paths.contract(created.contractID), { replace: true });
        }}
      />
    </>
  );
}

/** /createContract[?roomID=…]: the contract in five steps, the room preset when given. */
export function CreateContractPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const [params] = useSearchParams();
  const presetRoomID = params.get('roomID');
  const rooms = useHouseRoomList(houseID);
  const reservations = useHouseReservations(houseID);
  const fees = useHouseServices(houseID);

  const failed = [rooms, reservations, fees].find(
    (reply) => reply.error !== undefined && reply.data === undefined,
  );
  let content;
  if (houseID === null) {
    content = <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn nhà trọ trước khi tạo hợp đồng." />;
  } else if (failed !== undefined) {
    content = (
      <ErrorState
        onRetry={() => {
          void rooms.mutate();
          void reservations.mutate();
          void fees.mutate();
        }}
      />
    );
  } else if (rooms.data === undefined || reservations.data === undefined || fees.data === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải phòng và dịch vụ">
        <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={360} sx={{ maxWidth: 880 }} />
      </Box>
    );
  } else {
    content = (
      <ContractWizard
        houseID={houseID}
        rooms={rooms.data}
        reservations={activeReservations(reservations.data)}
        fees={sortFees(fees.data.value)}
        presetRoomID={presetRoomID}
      />
    );
  }

  return (
    <Box data-testid="create-contract-page">
      <title>Tạo hợp đồng — Nhà trọ</title>
      <BackButton
        to={presetRoomID === null ? paths.contracts : paths.room(presetRoomID)}
        label={presetRoomID === null ? 'Danh sách hợp đồng' : 'Về phòng'}
      />
      <PageHeader
        title="Tạo hợp đồng"
        subtitle="Điền lần lượt từng bước; dữ liệu được giữ nguyên khi quay lại bước trước."
      />
      {content}
    </Box>
  );
}
