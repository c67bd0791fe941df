import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CONTRACT_STATUS, LEVEL } from '@nhatro/common';
import { PageHeader } from '../../components/PageHeader';
import { useSignedInSession } from '../../lib/session';
import { ContractFrame, ContractStatusChip, contractTitle } from './ContractFrame';
import { ContractActions, PartiesSection, RoomPeopleServices, TermsSections } from './ContractSections';
import { GuestLinkSection } from './GuestLinkSection';
import { PendingLinkNotice } from './PendingLinkNotice';
import type { ContractDetails } from './contractsApi';
import { formatDay } from './contractRules';

/** What another slice shows under the contract's own sections (composed in app/routes). */
type Below = (contract: ContractDetails, level: number) => ReactNode;

function ContractOverview({ contract, below }: { contract: ContractDetails; below?: Below }) {
  const session = useSignedInSession();
  const level = session.role.contractPermission;
  const isEnded = contract.status === CONTRACT_STATUS.terminated;
  const title = contractTitle(contract);
  return (
    <>
      <title>{`${title} — Nhà trọ`}</title>
      <PageHeader
        title={title}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <ContractStatusChip status={contract.status} testId="contract-status" />
            <span>
              {formatDay(contract.startDate)} – {formatDay(contract.endDate)}
            </span>
          </Box>
        }
      />
      <ContractActions contract={contract} level={level} isEnded={isEnded} />
      {contract.accountLinkPending === true && contract.status === CONTRACT_STATUS.active && (
        <PendingLinkNotice contractID={contract.contractID} mayResend={level >= LEVEL.update} />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <TermsSections contract={contract} />
          <PartiesSection contract={contract} />
          {!isEnded && level >= LEVEL.update && (
            <GuestLinkSection
              contractID={contract.contractID}
              title={title}
              signedOn={contract.representativeLesseeSignedOn}
            />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <RoomPeopleServices contract={contract} />
          {below?.(contract, level)}
        </Box>
      </Box>
    </>
  );
}

/** /contracts/{id}: everything about one contract, with the actions the role allows. */
export function ContractDetailPage({ below }: { below?: Below } = {}) {
  return (
    <Box data-testid="contract-detail-page">
      <ContractFrame title="Hợp đồng" back="list">
        {(contract) => (
          <ContractOverview key={contract.contractID} contract={contract} {...(below ? { below } : {})} />
        )}
      </ContractFrame>
    </Box>
  );
}
