import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import { RouteErrorFallback } from './shell/ErrorFallback';
import { PageFallback } from './shell/PageFallback';

/** A route whose page code is loaded on first visit; every page module default-exports its component. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return { lazy: () => load().then((module) => ({ Component: module.default })) };
}

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        // Keeps the shell on screen while the first page's code loads.
        element: <Outlet />,
        hydrateFallbackElement: <PageFallback />,
        children: [
          { index: true, ...page(() => import('./pages/WelcomePage')) },
          { path: 'inicio', ...page(() => import('./pages/WelcomePage')) },
          { path: 'home', ...page(() => import('./pages/HomePage')) },
          { path: 'login', ...page(() => import('./pages/LoginPage')) },
          { path: 'register', ...page(() => import('./pages/RegisterPage')) },
          { path: '*', ...page(() => import('./pages/NotFoundPage')) },
        ],
      },
    ],
  },
]);
