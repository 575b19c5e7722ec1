import { pathAliases, paths, routePatterns } from '@shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useRef } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { TradeRoomSkeleton } from './features/trades/TradeRoomSkeleton';
import { prefetchRoute } from './route-prefetch';
import { AppLayout } from './shell/AppLayout';

// Pages load on first visit. Declarative routes (rather than the data router) keep ~16 KB gzip out of the
// entry; data comes from TanStack Query, started when the route matches (route-prefetch.ts).

/**
 * A lazy page that renders at once when its code is already here (see {@link preloadPage}). `Fallback`, the page's
 * own shape while its code loads, replaces the layout's generic one.
 */
function page(load: () => Promise<{ default: ComponentType }>, Fallback?: ComponentType) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  function Page() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return Fallback ? (
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>
    ) : (
      <Lazy />
    );
  }
  return Object.assign(Page, { preload });
}

const WelcomePage = page(() => import('./pages/WelcomePage'));
const HomePage = page(() => import('./pages/HomePage'));
const LoginPage = page(() => import('./pages/LoginPage'));
const RegisterPage = page(() => import('./pages/RegisterPage'));
const ConfirmEmailPage = page(() => import('./pages/ConfirmEmailPage'));
const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('./pages/ResetPasswordPage'));
const MarketplacePage = page(() => import('./pages/MarketplacePage'));
const SearchPage = page(() => import('./pages/SearchPage'));
const CategoryPage = page(() => import('./pages/CategoryPage'));
const ListingPage = page(() => import('./pages/ListingPage'));
const PublishPage = page(() => import('./pages/PublishPage'));
const EditListingPage = page(() => import('./pages/EditListingPage'));
const ListingCodesPage = page(() => import('./pages/ListingCodesPage'));
const ProfilePage = page(() => import('./pages/ProfilePage'));
const SettingsPage = page(() => import('./pages/SettingsPage'));
const CommunityPage = page(() => import('./pages/CommunityPage'));
const CommunityPostPage = page(() => import('./pages/CommunityPostPage'));
const GroupsPage = page(() => import('./pages/GroupsPage'));
const DiscordPage = page(() => import('./pages/DiscordPage'));
const PaymentsPage = page(() => import('./pages/PaymentsPage'));
const NotificationsPage = page(() => import('./pages/NotificationsPage'));
const ReportHistoryPage = page(() => import('./pages/ReportHistoryPage'));
const IntermediationPage = page(() => import('./pages/IntermediationPage'));
const TradeRoomPage = page(() => import('./pages/TradeRoomPage'), TradeRoomSkeleton);
const MyOffersPage = page(() => import('./pages/MyOffersPage'));
// Saved searches that alert (issue 38 part 3).
const AlertsPage = page(() => import('./pages/AlertsPage'));
const HelpPage = page(() => import('./pages/HelpPage'));
const PartnershipsPage = page(() => import('./pages/PartnershipsPage'));
const FeedbackPage = page(() => import('./pages/FeedbackPage'));
const TermsPage = page(() => import('./pages/TermsPage'));
const PrivacyPage = page(() => import('./pages/PrivacyPage'));
const AboutPage = page(() => import('./pages/AboutPage'));
const SalesPoliciesPage = page(() => import('./pages/SalesPoliciesPage'));
const SecurityPage = page(() => import('./pages/SecurityPage'));
const MarketplaceGuidePage = page(() => import('./pages/MarketplaceGuidePage'));
const ServicesPage = page(() => import('./pages/ServicesPage'));
const SystemStatusPage = page(() => import('./pages/SystemStatusPage'));
const SellerPage = page(() => import('./pages/SellerPage'));
const SealPage = page(() => import('./pages/SealPage'));
const AdminLoginPage = page(() => import('./pages/AdminLoginPage'));
const AdminPage = page(() => import('./pages/AdminPage'));
const NotFoundPage = page(() => import('./pages/NotFoundPage'));

const canonicalPages: [path: string, Page: ReturnType<typeof page>][] = [
  [paths.welcome, WelcomePage],
  [paths.home, HomePage],
  [paths.login, LoginPage],
  [paths.register, RegisterPage],
  [paths.confirmEmail, ConfirmEmailPage],
  [paths.forgotPassword, ForgotPasswordPage],
  [paths.resetPassword, ResetPasswordPage],
  [paths.marketplace, MarketplacePage],
  [paths.search, SearchPage],
  [routePatterns.category, CategoryPage],
  [routePatterns.listing, ListingPage],
  [routePatterns.editListing, EditListingPage],
  [routePatterns.listingCodes, ListingCodesPage],
  [paths.publish, PublishPage],
  [paths.profile, ProfilePage],
  [paths.settings, SettingsPage],
  [paths.community, CommunityPage],
  [routePatterns.post, CommunityPostPage],
  [paths.groups, GroupsPage],
  [paths.discord, DiscordPage],
  [paths.payments, PaymentsPage],
  [paths.notifications, NotificationsPage],
  [paths.reportHistory, ReportHistoryPage],
  [paths.intermediation, IntermediationPage],
  [routePatterns.trade, TradeRoomPage],
  [paths.myOffers, MyOffersPage],
  // Saved searches that alert (issue 38 part 3).
  [paths.alerts, AlertsPage],
  [paths.help, HelpPage],
  [paths.partnerships, PartnershipsPage],
  [paths.feedback, FeedbackPage],
  [paths.terms, TermsPage],
  [paths.privacy, PrivacyPage],
  [paths.about, AboutPage],
  [paths.salesPolicies, SalesPoliciesPage],
  [paths.security, SecurityPage],
  [paths.marketplaceGuide, MarketplaceGuidePage],
  [paths.services, ServicesPage],
  [paths.systemStatus, SystemStatusPage],
  [routePatterns.user, SellerPage],
  [routePatterns.seal, SealPage],
  [paths.adminLogin, AdminLoginPage],
  [paths.admin(), AdminPage],
  [routePatterns.adminTab, AdminPage],
  [routePatterns.adminTabItem, AdminPage],
];

/** Each page at its canonical path, then at its other addresses (src/shared/paths.ts). */
const pages = [
  ...canonicalPages,
  ...Object.entries(pathAliases).flatMap(([alias, canonical]) =>
    canonicalPages
      .filter(([path]) => path === canonical)
      .map(([, Page]): [string, typeof Page] => [alias, Page]),
  ),
];

/** Loads the code of the page at this address; the first render waits for it, so it shows the page itself. */
export function preloadPage(pathname: string): Promise<void> {
  const found = pages.find(([path]) => matchPath(path, pathname));
  return (found ? found[1] : NotFoundPage).preload();
}

/** Starts the matched page's first queries during the render that matches it, while its code may still load. */
function PrefetchOnRouteMatch() {
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  const last = useRef<string | null>(null);
  if (last.current !== pathname + search) {
    last.current = pathname + search;
    void prefetchRoute(client, pathname, search);
  }
  return null;
}

export function AppRoutes() {
  return (
    <>
      <PrefetchOnRouteMatch />
      <Routes>
        <Route element={<AppLayout />}>
          {pages.map(([path, Page]) => (
            <Route
              key={path}
              index={path === paths.welcome}
              path={path === paths.welcome ? undefined : path.slice(1)}
              element={<Page />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
