import type { BillLine } from './monthlyBills.js';

/** `GET /api/GuestMonthlyBill`: what a shared bill link shows — the bill and the landlord's bank, nothing about the tenant. */
export interface GuestMonthlyBillView {
  monthlyBillID: string;
  billName: string;
  billCode: string;
  month: string;
  createdOn: string;
  dueDate: string;
  total: number;
  paidAmount: number;
  /** What is still owed (0 once paid or carried over). */
  owed: number;
  status: number;
  paidOn?: string;
  billDetails: BillLine[];
  transferQR?: string;
  houseName: string;
  houseAddress: string;
  roomName: string;
  lessor: { fullName?: string; phoneNumber?: string; bankName?: string; bankAccountNumber?: string };
}
