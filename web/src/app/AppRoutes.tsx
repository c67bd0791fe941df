import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { Route, Routes, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { PlainPageLoader } from '../components/Spinner';
import { setSessionExpiredNavigation } from '../lib/api';
import { corePaths, routePatterns } from '../lib/paths/core';
import type { RouteAccessName } from './access';

// Every page is its own chunk. Declarative routes + React.lazy rather than the data router:
// createBrowserRouter alone adds ~19 KB gzipped to what the login page loads. MUI (theme, CssBaseline,
// components) loads with ThemedLayout, the layout route of every page but /login, which uses plain
// React and CSS: the login route's JavaScript stays within 100 KB gzipped (tests/unit/loginBundleBudget).
const loadHomePage = () => import('../features/publicSite/HomePage');
const loadGuardedShell = () => import('./shell/GuardedShell');
const loadNotFoundPage = () => import('./shell/NotFoundPage');
const loadDashboardPage = () => import('./routes/DashboardRoute');
const loadRoomsPage = () => import('../features/rooms/RoomsPage');
const loadRoomDetailPage = () => import('../features/rooms/RoomDetailPage');
const loadDevicesPage = () => import('../features/devices/DevicesPage');
const loadFeesPage = () => import('../features/fees/FeesPage');
const loadPaymentResultPage = () => import('../features/payments/PaymentResultPage');
const loadForgotPasswordPage = () => import('../features/passwordRecovery/ForgotPasswordPage');
const loadResetPasswordPage = () => import('../features/passwordRecovery/ResetPasswordPage');
const loadLessorInfoPage = () => import('../features/lessorInfo/LessorInfoPage');

const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((module) => ({ default: module.LoginPage })),
);
const HomePage = lazy(() => loadHomePage().then((module) => ({ default: module.HomePage })));
const GuardedShell = lazy(() => loadGuardedShell().then((module) => ({ default: module.GuardedShell })));
const RouteAccessGate = lazy(() =>
  loadGuardedShell().then((module) => ({ default: module.RouteAccessGate })),
);
const NotFoundPage = lazy(() => loadNotFoundPage().then((module) => ({ default: module.NotFoundPage })));

interface PublicPage {
  path: string;
  load: () => Promise<unknown>;
  Page: ComponentType;
}

/** A page without a session whose chunk `load` imports and whose component is the module's export `name`. */
function publicPage<M, K extends keyof M>(path: string, load: () => Promise<M>, name: K): PublicPage {
  return {
    path,
    load,
    Page: lazy(() => load().then((module) => ({ default: module[name] as ComponentType }))),
  };
}

/**
 * Pages anyone may open: a guest link lets the representative read and sign without an account; the
 * payment gateway returns the payer to a result page, maybe in a browser without the session.
 */
const PUBLIC_PAGES: readonly PublicPage[] = [
  publicPage(routePatterns.forgotPassword, loadForgotPasswordPage, 'ForgotPasswordPage'),
  publicPage(routePatterns.passwordReset, loadResetPasswordPage, 'ResetPasswordPage'),
  publicPage(
    routePatterns.tenancyLink,
    () => import('../features/tenancyLinks/TenancyLinkPage'),
    'TenancyLinkPage',
  ),
  // The public site: for a landlord deciding whether to sign up.
  publicPage(routePatterns.business, () => import('../features/publicSite/BusinessPage'), 'BusinessPage'),
  publicPage(routePatterns.faq, () => import('../features/publicSite/FaqPage'), 'FaqPage'),
  publicPage(
    routePatterns.termsOfUse,
    () => import('../features/publicSite/TermsOfUsePage'),
    'TermsOfUsePage',
  ),
  publicPage(routePatterns.privacy, () => import('../features/publicSite/PrivacyPage'), 'PrivacyPage'),
  publicPage(
    routePatterns.guestContract,
    () => import('../features/guestContracts/GuestContractPage'),
    'GuestContractPage',
  ),
  publicPage(
    routePatterns.guestHandover,
    () => import('../features/handovers/GuestHandoverPage'),
    'GuestHandoverPage',
  ),
  publicPage(
    routePatterns.guestMonthlyBill,
    () => import('../features/guestBills/GuestMonthlyBillPage'),
    'GuestMonthlyBillPage',
  ),
  publicPage(routePatterns.paymentSuccessful, loadPaymentResultPage, 'MonthlyBillPaymentPage'),
  publicPage(routePatterns.paymentOTCSuccessful, loadPaymentResultPage, 'OneTimeChargePaymentPage'),
  publicPage(routePatterns.paymentFailure, loadPaymentResultPage, 'PaymentFailurePage'),
  publicPage(routePatterns.paymentLessorSuccessful, loadPaymentResultPage, 'RegistrationPaymentPage'),
  publicPage(
    routePatterns.buyingMoreRoomPaymentSuccessful,
    loadPaymentResultPage,
    'PlatformRequestPaymentPage',
  ),
  publicPage(
    routePatterns.extendAccountPaymentSuccessful,
    loadPaymentResultPage,
    'PlatformRequestPaymentPage',
  ),
  publicPage(
    routePatterns.registration,
    () => import('../features/registrations/RegistrationPage'),
    'RegistrationPage',
  ),
  publicPage(
    routePatterns.registrationConfirm,
    () => import('../features/registrations/RegistrationConfirmPage'),
    'RegistrationConfirmPage',
  ),
  publicPage(
    routePatterns.registrationFee,
    () => import('../features/registrations/RegistrationFeePage'),
    'RegistrationFeePage',
  ),
  publicPage(
    routePatterns.registrationPayment,
    () => import('../features/registrations/RegistrationPaymentPage'),
    'RegistrationPaymentPage',
  ),
];

interface GuardedPage {
  path: string;
  access: RouteAccessName;
  load: () => Promise<unknown>;
  Page: ComponentType;
}

/** A guarded page whose chunk `load` imports and whose component is the module's export `name`. */
function guardedPage<M, K extends keyof M>(
  path: string,
  access: RouteAccessName,
  load: () => Promise<M>,
  name: K,
): GuardedPage {
  return {
    path,
    access,
    load,
    Page: lazy(() => load().then((module) => ({ default: module[name] as ComponentType }))),
  };
}

/**
 * The signed-in pages: URL pattern, access rule, page. /settingAdmin/{type} is a tab of the service-fee
 * page: 'metered' (Điện, Nước: billed from the kWh and m³ meters), 'fixed' (every other fee: per room,
 * person or vehicle); /settingAdmin shows all. Any other {type} is the 404 page (shown by the page).
 */
const GUARDED_PAGES: readonly GuardedPage[] = [
  guardedPage(routePatterns.dashboard, 'dashboard', loadDashboardPage, 'DashboardRoute'),
  guardedPage(routePatterns.rooms, 'rooms', loadRoomsPage, 'RoomsPage'),
  guardedPage(routePatterns.room, 'rooms', loadRoomDetailPage, 'RoomDetailPage'),
  guardedPage(routePatterns.devices, 'devices', loadDevicesPage, 'DevicesPage'),
  guardedPage(routePatterns.fees, 'fees', loadFeesPage, 'FeesPage'),
  guardedPage(
    routePatterns.residence,
    'residence',
    () => import('../features/residence/ResidencePage'),
    'ResidencePage',
  ),
  guardedPage(
    routePatterns.personalData,
    'personalData',
    () => import('../features/personalData/PlannedErasuresPage'),
    'PlannedErasuresPage',
  ),
  guardedPage(
    routePatterns.myData,
    'myData',
    () => import('../features/personalData/MyDataPage'),
    'MyDataPage',
  ),
  guardedPage(
    routePatterns.lessees,
    'lessees',
    () => import('../features/lessees/LesseesPage'),
    'LesseesPage',
  ),
  guardedPage(
    routePatterns.lessee,
    'lessees',
    () => import('../features/lessees/LesseeDetailPage'),
    'LesseeDetailPage',
  ),
  guardedPage(
    routePatterns.createLessee,
    'createLessee',
    () => import('../features/lessees/CreateLesseePage'),
    'CreateLesseePage',
  ),
  guardedPage(
    routePatterns.createLesseeInRoom,
    'createLessee',
    () => import('../features/lessees/CreateLesseePage'),
    'CreateLesseePage',
  ),
  guardedPage(
    routePatterns.roomLessees,
    'lessees',
    () => import('../features/lessees/RoomLesseesPage'),
    'RoomLesseesPage',
  ),
  guardedPage(
    routePatterns.vehicleAndLesseeAdd,
    'createLessee',
    () => import('../features/lessees/VehicleAndLesseeAddPage'),
    'VehicleAndLesseeAddPage',
  ),
  guardedPage(
    routePatterns.contracts,
    'contracts',
    () => import('../features/contracts/ContractsPage'),
    'ContractsPage',
  ),
  guardedPage(
    routePatterns.contract,
    'contracts',
    () => import('./routes/ContractDetailRoute'),
    'ContractDetailRoute',
  ),
  guardedPage(
    routePatterns.contractDocument,
    'contracts',
    () => import('../features/contracts/ContractDocumentPage'),
    'ContractDocumentPage',
  ),
  guardedPage(
    routePatterns.contractExtend,
    'updateContract',
    () => import('../features/contracts/ContractExtendPage'),
    'ContractExtendPage',
  ),
  guardedPage(
    routePatterns.contractTerminate,
    'createContract',
    () => import('./routes/ContractTerminateRoute'),
    'ContractTerminateRoute',
  ),
  guardedPage(
    routePatterns.contractHistory,
    'contractHistory',
    () => import('../features/contracts/ContractHistoryPage'),
    'ContractHistoryPage',
  ),
  guardedPage(
    routePatterns.createContract,
    'createContract',
    () => import('../features/contracts/CreateContractPage'),
    'CreateContractPage',
  ),
  guardedPage(
    routePatterns.lesseeRoom,
    'lesseePortal',
    () => import('./routes/LesseeRoomPage'),
    'LesseeRoomPage',
  ),
  guardedPage(
    routePatterns.lesseeContract,
    'lesseePortal',
    () => import('./routes/LesseeContractRoute'),
    'LesseeContractRoute',
  ),
  guardedPage(
    routePatterns.meterRecords,
    'meterRecord',
    () => import('../features/meterRecords/MeterRecordPage'),
    'MeterRecordPage',
  ),
  guardedPage(
    routePatterns.billDraft,
    'billing',
    () => import('../features/houseTickets/DraftTicketPage'),
    'DraftTicketPage',
  ),
  guardedPage(
    routePatterns.billingSettings,
    'billingSettings',
    () => import('../features/platformPricing/BillingSettingsPage'),
    'BillingSettingsPage',
  ),
  guardedPage(
    routePatterns.monthlyBill,
    'bill',
    () => import('./routes/MonthlyBillRoute'),
    'MonthlyBillRoute',
  ),
  guardedPage(
    routePatterns.roomBills,
    'roomBilling',
    () => import('../features/monthlyBills/RoomBillsPage'),
    'RoomBillsPage',
  ),
  guardedPage(
    routePatterns.expenses,
    'expenses',
    () => import('../features/expenses/ExpensesPage'),
    'ExpensesPage',
  ),
  guardedPage(
    routePatterns.profitReport,
    'expenses',
    () => import('../features/profitReports/ProfitReportPage'),
    'ProfitReportPage',
  ),
  guardedPage(
    routePatterns.rentTaxThreshold,
    'rentTaxThreshold',
    () => import('../features/profitReports/RentTaxThresholdPage'),
    'RentTaxThresholdPage',
  ),
  guardedPage(
    routePatterns.monthlyBills,
    'monthlyBills',
    () => import('../features/monthlyBills/HouseBillsPage'),
    'HouseBillsPage',
  ),
  guardedPage(
    routePatterns.lesseeBills,
    'lesseePortal',
    () => import('./routes/TenantHomePage'),
    'TenantBillsPage',
  ),
  guardedPage(
    routePatterns.lesseeIssues,
    'lesseePortal',
    () => import('./routes/TenantHomePage'),
    'TenantIssuesPage',
  ),
  guardedPage(
    routePatterns.oneTimeCharge,
    'bill',
    () => import('../features/monthlyBills/OneTimeChargePage'),
    'OneTimeChargePage',
  ),
  guardedPage(
    routePatterns.roomCharges,
    'roomBilling',
    () => import('../features/monthlyBills/RoomChargesPage'),
    'RoomChargesPage',
  ),
  guardedPage(
    routePatterns.requests,
    'requests',
    () => import('../features/issues/RequestsPage'),
    'RequestsPage',
  ),
  guardedPage(
    routePatterns.bankTransfers,
    'bankTransfers',
    () => import('../features/bankTransfers/BankTransfersPage'),
    'BankTransfersPage',
  ),
  guardedPage(
    routePatterns.notifications,
    'notifications',
    () => import('./routes/NotificationsRoute'),
    'NotificationsRoute',
  ),
  guardedPage(
    routePatterns.accountPlan,
    'accountPlan',
    () => import('../features/platformRequests/AccountPlanPage'),
    'AccountPlanPage',
  ),
  guardedPage(
    routePatterns.hmAccounts,
    'hmAccounts',
    () => import('../features/hmAccounts/HMAccountsPage'),
    'HMAccountsPage',
  ),
  guardedPage(
    routePatterns.income,
    'income',
    () => import('../features/systemReports/IncomePage'),
    'IncomePage',
  ),
  guardedPage(
    routePatterns.extensions,
    'extensions',
    () => import('../features/platformRequests/ExtendManagementPage'),
    'ExtendManagementPage',
  ),
  guardedPage(
    routePatterns.systemLog,
    'systemLog',
    () => import('../features/systemLog/SystemLogPage'),
    'SystemLogPage',
  ),
  guardedPage(
    routePatterns.lessorRegistrations,
    'lessorRegistrations',
    () => import('../features/registrations/AdminRegistrationsPage'),
    'AdminRegistrationsPage',
  ),
  guardedPage(
    routePatterns.accountSettings,
    'accountSettings',
    () => import('./routes/AccountSettingsRoute'),
    'AccountSettingsPage',
  ),
  guardedPage(routePatterns.lessorUpdateInfo, 'lessorInfo', loadLessorInfoPage, 'LessorUpdateInfoPage'),
  guardedPage(
    routePatterns.lessorUpdateInfoWithoutIdentity,
    'lessorInfo',
    loadLessorInfoPage,
    'LessorUpdateInfoWithoutIdentityPage',
  ),
  guardedPage(routePatterns.staff, 'staff', () => import('../features/staff/StaffPage'), 'StaffPage'),
  guardedPage(
    routePatterns.zaloToken,
    'zaloToken',
    () => import('../features/zaloToken/ZaloTokenPage'),
    'ZaloTokenPage',
  ),
  guardedPage(
    routePatterns.newPassword,
    'newPassword',
    () => import('../features/auth/NewPasswordPage'),
    'NewPasswordPage',
  ),
];

/**
 * Starts loading the page chunks of `pathname` alongside ThemedLayout, rather than after it: the
 * layout route would otherwise add one request's wait before the page's own chunks.
 */
function preloadPageChunks(pathname: string): void {
  const page = GUARDED_PAGES.find(({ path }) => matchPath(path, pathname) !== null);
  const publicOne = PUBLIC_PAGES.find(({ path }) => matchPath(path, pathname) !== null);
  const loads =
    pathname === corePaths.home
      ? [loadHomePage]
      : publicOne !== undefined
        ? [publicOne.load]
        : page !== undefined
          ? [loadGuardedShell, page.load]
          : [loadNotFoundPage];
  // A failure shows when the route itself imports the chunk (RouteErrorBoundary, vite:preloadError).
  for (const load of loads) load().catch(() => undefined);
}

const ThemedLayout = lazy(() => {
  preloadPageChunks(window.location.pathname);
  return import('./ThemedLayout').then((module) => ({ default: module.ThemedLayout }));
});

/** Lets the API client send an expired session to /login without reloading the page. */
function SessionExpiryNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredNavigation(() => {
      void navigate(corePaths.login, { replace: true, state: { sessionExpired: true } });
    });
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <SessionExpiryNavigation />
      <Suspense fallback={<PlainPageLoader />}>
        <Routes>
          <Route path={routePatterns.login} element={<LoginPage />} />
          <Route element={<ThemedLayout />}>
            <Route index element={<HomePage />} />
            {PUBLIC_PAGES.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {/* Guarded pages: each declares who may open it (spec section 6, app/access.ts). */}
            <Route element={<GuardedShell />}>
              {GUARDED_PAGES.map(({ path, access, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RouteAccessGate access={access}>
                      <Page />
                    </RouteAccessGate>
                  }
                />
              ))}
            </Route>
            <Route path={routePatterns.notFound} element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
