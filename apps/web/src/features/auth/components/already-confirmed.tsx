import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from './auth-screen.tsx';
import { withIdentifier } from '../identifier-link.ts';

/**
 * The mail's link opened a second time (or on a second device): the account is confirmed already,
 * so the way forward is to log in, not to type a code.
 */
export function AlreadyConfirmed({ email }: { email: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <AuthScreen title={t('otp.confirmedTitle')}>
      <Text role="status">{t('errors:account_already_confirmed')}</Text>
      <Button component={Link} to={withIdentifier('/login', email)} fullWidth mt="lg">
        {t('login.submit')}
      </Button>
    </AuthScreen>
  );
}
