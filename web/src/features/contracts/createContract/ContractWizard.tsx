import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import { CONTRACT_MESSAGES } from '@nhatro/common';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { STEP_LABELS, type StepIndex } from '../contractDraft';
import { TenantAccountDialog } from '../TenantAccountDialog';
import { OccupantsStep, RepresentativeStep } from './PeopleSteps';
import { RoomTermStep } from './RoomTermStep';
import { SummaryStep } from './SummaryStep';
import { LAST_STEP, useContractWizard, type WizardInput } from './useContractWizard';
import { VehiclesServicesStep } from './VehiclesServicesStep';

type Wizard = ReturnType<typeof useContractWizard>['wizard'];

function WizardStepper({ wizard, isPhone }: { wizard: Wizard; isPhone: boolean }) {
  const { step, stepErrorCount, jumpTo, controls } = wizard;
  return (
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
  );
}

function StepBody({ wizard, input }: { wizard: Wizard; input: WizardInput }) {
  const { step, controls } = wizard;
  if (step === 0) {
    return (
      <RoomTermStep
        controls={controls}
        rooms={wizard.choosable}
        reservationOf={wizard.reservationOf}
        presetRoom={wizard.presetRoom}
        onChooseRoom={wizard.chooseRoom}
      />
    );
  }
  if (step === 1) return <RepresentativeStep controls={controls} />;
  if (step === 2) return <OccupantsStep controls={controls} />;
  if (step === 3) return <VehiclesServicesStep controls={controls} fees={input.fees} />;
  return <SummaryStep draft={wizard.draft} room={wizard.chosenRoom} fees={input.fees} onEdit={wizard.goTo} />;
}

/** 'Quay lại' and 'Tiếp tục', or 'Tạo hợp đồng' on the last step; kept in sight on a phone. */
function StepButtons({ wizard }: { wizard: Wizard }) {
  const { step, controls, goTo } = wizard;
  return (
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
          loading={wizard.isSaving}
          disabled={wizard.created !== null}
          data-testid="contract-create-submit"
        >
          Tạo hợp đồng
        </Button>
      )}
    </Box>
  );
}

/** A draft kept from an earlier visit: go on with it, or start again. */
function DraftOffer({ wizard }: { wizard: Wizard }) {
  const { offer } = wizard;
  if (offer === null) return null;
  const name = offer.draft.representative.occupantName.trim();
  return (
    <Alert
      severity="info"
      sx={{ maxWidth: 880, mb: 2 }}
      data-testid="contract-draft-offer"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button color="inherit" onClick={wizard.discardDraft} data-testid="contract-draft-discard">
            Bỏ bản nháp
          </Button>
          <Button variant="contained" onClick={wizard.continueDraft} data-testid="contract-draft-continue">
            Tiếp tục
          </Button>
        </Box>
      }
    >
      Có một hợp đồng đang soạn dở{name === '' ? '' : ` (người đại diện: ${name})`}, lưu lúc{' '}
      {formatDateTime(offer.savedAt)}. Tiếp tục soạn hay bỏ bản nháp?
    </Alert>
  );
}

/** The contract in five steps; the last creates it and shows the tenant's one-time password. */
export function ContractWizard(input: WizardInput) {
  const navigate = useNavigate();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { wizard, headingRef } = useContractWizard(input);
  const { step, created } = wizard;
  const guard = useLeaveGuard(wizard.isDirty);

  if (wizard.offer !== null) return <DraftOffer wizard={wizard} />;
  return (
    <>
      <ConfirmDialog
        open={guard.leaving}
        title="Rời trang tạo hợp đồng?"
        message="Hợp đồng chưa được tạo. Bản nháp vẫn được giữ trên trình duyệt này để lần sau tiếp tục."
        confirmLabel="Rời trang"
        cancelLabel="Ở lại"
        onConfirm={guard.leave}
        onClose={guard.stay}
        testId="contract-leave-dialog"
      />
      {wizard.isDirty && (
        <Button size="small" onClick={wizard.discardDraft} sx={{ mb: 1 }} data-testid="contract-draft-reset">
          Bỏ bản nháp, soạn lại từ đầu
        </Button>
      )}
      <WizardStepper wizard={wizard} isPhone={isPhone} />
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void wizard.submit(event)}
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
        <StepBody wizard={wizard} input={input} />
        {wizard.failure !== null && step === LAST_STEP && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="contract-create-error">
            {CONTRACT_MESSAGES.createFailed} {wizard.failure}
          </Alert>
        )}
        <StepButtons wizard={wizard} />
      </Paper>

      <TenantAccountDialog
        account={created?.representativeAccount ?? null}
        tenantName={wizard.draft.representative.occupantName.trim()}
        onDone={() => {
          if (created !== null) void navigate(paths.contract(created.contractID), { replace: true });
        }}
      />
    </>
  );
}
