import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type ResendCodeButtonProps = { remaining: number; loading: boolean; onClick: () => void };

/** "Send a new code", waiting out its cooldown with a visible countdown. */
export function ResendCodeButton({ remaining, loading, onClick }: ResendCodeButtonProps) {
  const { t } = useTranslation('auth');
  return (
    <Button
      variant="subtle"
      leftSection={<IconRefresh size={18} aria-hidden />}
      onClick={onClick}
      loading={loading}
      disabled={remaining > 0}
    >
      {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.resend')}
    </Button>
  );
}
