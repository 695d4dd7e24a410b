import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorBoundary, RouteErrorPage } from '../features/shell/ErrorPage';
import { withConsoleTexts } from '../i18n';
import AuthLayout from '../layouts/AuthLayout';
import { pages } from '../pages';
import { type AppRoute, authRoutes, mainRoutes } from '../routes';
import { lazyPage } from './lazy-page';
import { FullPageSpin, NavigationGuard } from './NavigationGuard';
import { flattenRoutes } from './route-table';

// The console's frame is heavy (menus, drawers, colour picker) and not needed on the login page; nor are the texts
// of the console's areas, which come with it.
const MainLayout = lazyPage(withConsoleTexts(() => import('../layouts/MainLayout')));
const NotFoundPage = lazyPage(() => import('../features/shell/NotFoundPage'));
// The operator console (staff, issue 28): its own chunk, guard, session and texts; the customer console's texts come
// with it (the shared components speak them).
const AdminConsole = lazyPage(withConsoleTexts(() => import('../features/admin/AdminConsole')));

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.page ? pages[route.page] : undefined;
  return {
    path: route.path,
    handle: { route },
    element: route.redirect ? <Navigate to={route.redirect} replace /> : Page ? <Page /> : null,
  };
}

const notFoundRoute: AppRoute = { path: '/404', title: 'menu.notFound' };

/**
 * The router built from the route table: guard at the root, then the auth layout, the main layout and 404; the
 * operator console beside it, under /admin.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/admin/*',
      errorElement: <RouteErrorPage />,
      element: (
        <Suspense fallback={<FullPageSpin />}>
          <AdminConsole />
        </Suspense>
      ),
    },
    {
      element: <NavigationGuard />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <AuthLayout />, children: authRoutes.map(toRouteObject) },
        {
          element: (
            <ErrorBoundary>
              <Suspense fallback={<FullPageSpin />}>
                <MainLayout />
              </Suspense>
            </ErrorBoundary>
          ),
          children: flattenRoutes(mainRoutes).map(({ route }) => toRouteObject(route)),
        },
        {
          path: '/404',
          handle: { route: notFoundRoute },
          element: (
            <Suspense fallback={<FullPageSpin />}>
              <NotFoundPage />
            </Suspense>
          ),
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
}
