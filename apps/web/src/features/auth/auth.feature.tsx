import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';

/** Registering, logging in, the one-time code and a new password. */
export const authFeature: FeatureModule = {
  name: 'auth',
  routes: () => ({
    public: [
      openTo(
        'guest',
        page('/register', () => import('./register-page.tsx'), 'RegisterPage', ['auth']),
      ),
      openTo(
        'guest',
        page('/login', () => import('./login-page.tsx'), 'LoginPage', ['auth']),
      ),
      openTo(
        'visitor',
        page('/otp', () => import('./otp-page.tsx'), 'OtpPage', ['auth']),
      ),
      openTo(
        'visitor',
        page('/password', () => import('./password-page.tsx'), 'PasswordPage', ['auth']),
      ),
      openTo(
        'guest',
        page('/reset-password', () => import('./reset-password-page.tsx'), 'ResetPasswordPage', ['auth']),
      ),
    ],
  }),
};
