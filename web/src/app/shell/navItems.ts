import type SvgIcon from '@mui/material/SvgIcon';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import ElectricMeterOutlined from '@mui/icons-material/ElectricMeterOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RoomServiceOutlined from '@mui/icons-material/RoomServiceOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import UpdateOutlined from '@mui/icons-material/UpdateOutlined';
import { BILLING_LEVELS } from '@nhatro/common';
import { paths } from '../../lib/paths';
import { ROLE_IDS, type Role, type RoleId } from '../../lib/session';
import { canOpenRoute, ROUTE_ACCESS } from '../access';

export interface NavItem {
  label: string;
  path: string;
  /** `nav-` followed by the path without its slash, e.g. `nav-dashboard`. */
  testId: string;
  Icon: typeof SvgIcon;
}

function navItem(label: string, path: string, Icon: typeof SvgIcon): NavItem {
  return { label, path, Icon, testId: `nav-${path.slice(1)}` };
}

const DASHBOARD = navItem('Quản lý chung', paths.dashboard, DashboardOutlined);
const ROOMS = navItem('Quản lý phòng', paths.rooms, MeetingRoomOutlined);
const LESSEES = navItem('Quản lý người thuê', paths.lessees, PeopleAltOutlined);
const RESIDENCE = navItem('Khai báo cư trú', paths.residence, AssignmentIndOutlined);
const PERSONAL_DATA = navItem('Dữ liệu cá nhân', paths.personalData, PrivacyTipOutlined);
const CONTRACTS = navItem('Quản lý hợp đồng', paths.contracts, DescriptionOutlined);
const HOUSE_SERVICE_FEES = navItem('Phí dịch vụ tòa nhà', paths.fees(), RoomServiceOutlined);
const METER_RECORDS = navItem('Ghi chỉ số điện nước', paths.meterRecords, ElectricMeterOutlined);
/** The month's draft and issuing (billDraft); the landlord reaches it from the dashboard. */
const BILL_DRAFT = navItem('Lập hóa đơn tháng', paths.billDraft(), EditNoteOutlined);
/** The month's bills of the house: who still owes (landlords, staff with billing rights). */
const MONTHLY_BILLS = navItem('Hóa đơn', paths.monthlyBills(), ReceiptLongOutlined);
/** The house's expenses and the year's profit (landlords, staff with billing rights). */
const EXPENSES = navItem('Chi phí', paths.expenses, PaymentsOutlined);
const PROFIT = navItem('Lợi nhuận', paths.profitReport, QueryStatsOutlined);
const NOTIFICATIONS = navItem('Thông báo', paths.notifications, CampaignOutlined);
const STAFF = navItem('Quản lý nhân viên', paths.staff, BadgeOutlined);
const ACCOUNT_SETTINGS = navItem('Cài đặt tài khoản', paths.accountSettings, ManageAccountsOutlined);

/** Spec section 2, "Sidebar by role". */
const NAV_ITEMS_BY_ROLE: Record<RoleId, readonly NavItem[]> = {
  [ROLE_IDS.superAdmin]: [
    navItem('Danh sách đăng ký chủ trọ', paths.admin.lessorRegistrations, HowToRegOutlined),
    navItem('Danh sách tài khoản', paths.admin.accounts, SupervisorAccountOutlined),
    navItem('Thu nhập', paths.admin.income, PaidOutlined),
    navItem('Yêu cầu gia hạn', paths.admin.extensions, UpdateOutlined),
    navItem('Cài đặt hệ thống', paths.admin.settings, SettingsOutlined),
    navItem('Nhật ký hệ thống', paths.admin.systemLog, HistoryOutlined),
    navItem('Nhập Zalo token', paths.admin.zaloToken, KeyOutlined),
    navItem('Ngưỡng thuế cho thuê', paths.admin.rentTaxThreshold, GavelOutlined),
  ],
  [ROLE_IDS.houseModerator]: [
    DASHBOARD,
    ROOMS,
    LESSEES,
    RESIDENCE,
    CONTRACTS,
    HOUSE_SERVICE_FEES,
    METER_RECORDS,
    MONTHLY_BILLS,
    EXPENSES,
    PROFIT,
    NOTIFICATIONS,
    STAFF,
    PERSONAL_DATA,
    ACCOUNT_SETTINGS,
  ],
  [ROLE_IDS.staff]: [
    ROOMS,
    LESSEES,
    RESIDENCE,
    CONTRACTS,
    METER_RECORDS,
    MONTHLY_BILLS,
    BILL_DRAFT,
    EXPENSES,
    PROFIT,
  ],
  [ROLE_IDS.lessee]: [
    navItem('Tổng quan', paths.dashboard, DashboardOutlined),
    navItem('Hóa đơn', paths.lesseeBills, ReceiptLongOutlined),
    navItem('Báo sự cố', paths.lesseeIssues, ReportProblemOutlined),
    navItem('Phòng của tôi', paths.lesseeRoom, HomeOutlined),
    navItem('Hợp đồng của tôi', paths.lesseeContract, ArticleOutlined),
    navItem('Dữ liệu cá nhân', paths.myData, PrivacyTipOutlined),
  ],
};

/**
 * The spec's sidebar of the role; an entry whose page the role's billing rights do not open is left
 * out (staff: the month's bills from `BILLING_LEVELS.read`, drafting and issuing from
 * `BILLING_LEVELS.draftAndIssue`, as the routes and the API).
 */
export function navItemsFor(role: Role, isUserActive: boolean): readonly NavItem[] {
  if (role.roleID === ROLE_IDS.houseModerator && !isUserActive) return [ACCOUNT_SETTINGS];
  return NAV_ITEMS_BY_ROLE[role.roleID].filter((item) => {
    if (item === MONTHLY_BILLS) return canOpenRoute(ROUTE_ACCESS.monthlyBills, role, item.path);
    if (item === BILL_DRAFT) return role.billingPermission >= BILLING_LEVELS.draftAndIssue;
    if (item === EXPENSES || item === PROFIT) return role.billingPermission >= BILLING_LEVELS.addCharge;
    return true;
  });
}
