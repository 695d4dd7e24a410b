import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import AuthLayout from '../../layouts/AuthLayout';
import { FullPageSpin } from '../../navigation/NavigationGuard';
import { bindNavigate } from '../../navigation/navigate';
import { ADMIN_LOGIN_PATH } from '../../stores/staff-session';
import { adminTextsReady, installAdminTexts, useAdminI18n } from './admin-texts';
import { AdminLayout } from './layout/AdminLayout';
import AdminLoginPage from './login/AdminLoginPage';

// Installed as the chunk arrives: the first drawing speaks them already.
const textsReady = installAdminTexts();

/**
 * /admin/*: the operator console (issue 28), its own chunk, fetched only by those who open it. Its own sign-in, its
 * own token (stores/staff-session.ts), its own frame; the customer console's guard and session play no part here.
 */
export default function AdminConsole() {
  // Drawn once its texts are there in the language in force (the Chinese ones come on demand).
  const [ready, setReady] = useState(adminTextsReady);
  useEffect(() => {
    void textsReady.then(() => setReady(true));
  }, []);
  const { t } = useAdminI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // The request function sends an ended staff session to the sign-in through the router, as the customer's guard does.
  useEffect(() => {
    bindNavigate((to, options) => void navigate(to, options));
  }, [navigate]);

  if (!ready) return <FullPageSpin />;
  // Its two parts by the path alone: the router's descendant <Routes> would bring code the customer's first load
  // would carry (react-router sits in the first chunk).
  if (pathname.replace(/\/+$/, '') !== ADMIN_LOGIN_PATH) return <AdminLayout />;
  return (
    <AuthLayout tagline={t('admin.layout.console')}>
      <AdminLoginPage />
    </AuthLayout>
  );
}
