import { CONTRACT_MESSAGES, type Liquidation, liquidationLines, liquidationOutcome } from '@nhatro/common';
import { renderPdf } from '../../documents/contractPdf.js';
import { contractNumber } from '../../domain/contractDocuments.js';
import { liquidationDocument } from '../../domain/contracts.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseDoc, LesseeInfoDoc, OneTimeChargeDoc, RoomDoc } from '../../domain/shared/model.js';
import type { Actor } from '../shared/actor.js';
import { chargeOwed, transferAccountOf, transferQR, type TransferAccount } from '../shared/billViews.js';
import { contractForCaller } from '../shared/contractScope.js';
import { houseDocs } from '../shared/houseScope.js';
import { lessorInfoOf } from '../shared/users.js';

/**
 * The liquidation of an ended contract (`GET /odata/Contract/Liquidation`, its PDF): the settlement
 * recorded at termination as lines, who owes whom, the charge that asks what the tenant owes (paid or
 * not, its VietQR) and the landlord's refund. The landlord and staff of the house and the contract's
 * tenant read it; anyone else gets 404.
 */

async function liquidationOf(
  actor: Actor,
  contractID: string,
): Promise<{ liquidation: Liquidation; house: HouseDoc; account: TransferAccount | undefined }> {
  const { deps } = actor;
  const contract = await contractForCaller(actor, contractID);
  const { settlement, terminatedOn } = contract;
  if (!settlement || !terminatedOn) throw AppError.conflict(CONTRACT_MESSAGES.liquidationNotEnded);
  const docs = houseDocs<HouseDoc | RoomDoc | LesseeInfoDoc | OneTimeChargeDoc>(deps);
  const [house, room, representative, charge] = await Promise.all([
    docs.read(contract.houseID, contract.houseID),
    docs.read(contract.houseID, contract.roomID),
    docs.read(contract.houseID, contract.representativeLesseeID),
    settlement.owedCharge
      ? docs.read(contract.houseID, settlement.owedCharge.oneTimeChargeID)
      : Promise.resolve(undefined),
  ]);
  if (house?.type !== 'house') throw AppError.notFound();
  const account = await transferAccountOf(deps, house, actor.user);
  let owedCharge: Liquidation['owedCharge'];
  if (settlement.owedCharge) {
    const stored = charge?.type === 'oneTimeCharge' ? charge : undefined;
    const paidAmount = stored?.paidAmount ?? 0;
    const owed = stored ? chargeOwed(stored) : Math.max(0, settlement.owedCharge.amount - paidAmount);
    const qr = transferQR(account, owed, settlement.owedCharge.billCode);
    owedCharge = {
      ...settlement.owedCharge,
      paidAmount,
      owed,
      ...(stored ? { dueDate: stored.dueDate } : {}),
      ...(qr ? { transferQR: qr } : {}),
    };
  }
  const liquidation: Liquidation = {
    contractID: contract.contractID,
    houseID: contract.houseID,
    roomID: contract.roomID,
    houseName: house.houseName,
    houseAddress: house.houseAddress,
    roomName: room?.type === 'room' ? room.roomName : '',
    ...(representative?.type === 'lesseeInfo' ? { tenantName: representative.occupantName } : {}),
    terminatedOn,
    ...(contract.terminationReason ? { terminationReason: contract.terminationReason } : {}),
    lines: liquidationLines(settlement, terminatedOn),
    ...liquidationOutcome(settlement),
    ...(owedCharge ? { owedCharge } : {}),
    ...(settlement.refunded ? { refunded: settlement.refunded } : {}),
  };
  return { liquidation, house, account };
}

/** `GET /odata/Contract/Liquidation?contractID=…`: the liquidation document's content. */
export async function getLiquidation(actor: Actor, contractID: string): Promise<Liquidation> {
  return (await liquidationOf(actor, contractID)).liquidation;
}

/** `GET /api/Contract/LiquidationPdf?contractID=…`: "BIÊN BẢN THANH LÝ HỢP ĐỒNG" as a PDF (A4). */
export async function liquidationPdf(
  actor: Actor,
  contractID: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { liquidation, house, account } = await liquidationOf(actor, contractID);
  const lessor = await lessorInfoOf(actor.deps, house.ownerID);
  const pdf = await renderPdf(
    liquidationDocument(
      liquidation,
      { fullName: lessor.fullName ?? '' },
      account
        ? {
            bankName: account.bankName,
            accountNumber: account.accountNumber,
            ...(account.accountName ? { accountHolder: account.accountName } : {}),
          }
        : undefined,
    ),
    { title: 'Biên bản thanh lý hợp đồng' },
  );
  return { pdf, fileName: `thanh-ly-hop-dong-${contractNumber(liquidation.contractID)}.pdf` };
}
