import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './shell/AppLayout';

// Pages load on first visit. Declarative routes (rather than the data router) keep ~16 KB gzip out of the
// entry; data comes from TanStack Query, so route loaders are not needed.
const WelcomePage = lazy(() => import('./pages/WelcomePage'));
const HomePage = lazy(() => import('./pages/HomePage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const MarketplacePage = lazy(() => import('./pages/MarketplacePage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));
const CategoryPage = lazy(() => import('./pages/CategoryPage'));
const ListingPage = lazy(() => import('./pages/ListingPage'));
const PublishPage = lazy(() => import('./pages/PublishPage'));
const EditListingPage = lazy(() => import('./pages/EditListingPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const CommunityPage = lazy(() => import('./pages/CommunityPage'));
const CommunityPostPage = lazy(() => import('./pages/CommunityPostPage'));
const GroupsPage = lazy(() => import('./pages/GroupsPage'));
const DiscordPage = lazy(() => import('./pages/DiscordPage'));
const HelpPage = lazy(() => import('./pages/HelpPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const SalesPoliciesPage = lazy(() => import('./pages/SalesPoliciesPage'));
const SecurityPage = lazy(() => import('./pages/SecurityPage'));
const MarketplaceGuidePage = lazy(() => import('./pages/MarketplaceGuidePage'));
const ServicesPage = lazy(() => import('./pages/ServicesPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<WelcomePage />} />
        <Route path="inicio" element={<WelcomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="esqueci-senha" element={<ForgotPasswordPage />} />
        <Route path="redefinir-senha" element={<ResetPasswordPage />} />
        <Route path="marketplace" element={<MarketplacePage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="categoria/:gameSlug" element={<CategoryPage />} />
        <Route path="listing/:id" element={<ListingPage />} />
        <Route path="listing/:id/editar" element={<EditListingPage />} />
        <Route path="publicar-produto" element={<PublishPage />} />
        <Route path="publish" element={<PublishPage />} />
        <Route path="perfil" element={<ProfilePage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="comunidade" element={<CommunityPage />} />
        <Route path="community" element={<CommunityPage />} />
        <Route path="community/post/:id" element={<CommunityPostPage />} />
        <Route path="community-groups" element={<GroupsPage />} />
        <Route path="grupos" element={<GroupsPage />} />
        <Route path="discord" element={<DiscordPage />} />
        <Route path="ajuda" element={<HelpPage />} />
        <Route path="termos-uso" element={<TermsPage />} />
        <Route path="termos" element={<TermsPage />} />
        <Route path="privacidade" element={<PrivacyPage />} />
        <Route path="sobre" element={<AboutPage />} />
        <Route path="politicas-vendas" element={<SalesPoliciesPage />} />
        <Route path="seguranca" element={<SecurityPage />} />
        <Route path="guia-marketplace" element={<MarketplaceGuidePage />} />
        <Route path="servicos" element={<ServicesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
