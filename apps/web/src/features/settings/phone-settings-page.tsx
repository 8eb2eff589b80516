import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notices.ts';
import { useMeQuery } from '../users/users.api.ts';
import { CodeStep } from './components/code-step.tsx';
import { PhoneRequestForm } from './components/phone-request-form.tsx';
import { formatPhone } from './phone-countries.ts';
import { notifyServerError } from '../../lib/apply-server-errors.ts';
import {
  useConfirmPhoneChangeMutation,
  useRequestPhoneChangeMutation,
  type PhoneChangeInput,
} from './settings.api.ts';

/** A new phone number: country, number and password, then the code sent by SMS. */
export function PhoneSettingsPage() {
  const { t } = useTranslation(['settings', 'errors']);
  const navigate = useNavigate();
  const me = useMeQuery().data;
  const confirm = useConfirmPhoneChangeMutation();
  const resend = useRequestPhoneChangeMutation();
  const [sent, setSent] = useState<PhoneChangeInput | null>(null);
  if (!me) return null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('phone.title')}
      </Title>
      {/* Kept mounted while the code is asked, so going back keeps what was typed. */}
      <div hidden={sent !== null}>
        <PhoneRequestForm me={me} onSent={setSent} />
      </div>
      {sent && (
        <CodeStep
          sentTo={formatPhone(sent.phone)}
          confirm={confirm}
          onConfirmed={() => {
            notify('positive', t('phone.saved'));
            void navigate('/settings/access', { replace: true });
          }}
          onResend={() =>
            resend.mutate(sent, {
              onSuccess: () => notify('positive', t('code.resent')),
              onError: (error) => notifyServerError(error, t),
            })
          }
          resending={resend.isPending}
          onRestart={() => setSent(null)}
          restartLabel={t('phone.restart')}
        />
      )}
    </Stack>
  );
}
