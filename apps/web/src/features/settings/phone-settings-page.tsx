import { Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notices.ts';
import { useMeQuery } from '../users/users.api.ts';
import { CodeStep } from './components/code-step.tsx';
import { PhoneRequestForm } from './components/phone-request-form.tsx';
import { useChangeUnderWay } from './use-change-under-way.ts';
import { formatPhone } from './phone-countries.ts';
import { notifyServerError } from '../../lib/apply-server-errors.ts';
import {
  useConfirmPhoneChangeMutation,
  useRequestPhoneChangeMutation,
  type PhoneChangeInput,
} from './settings.api.ts';

/**
 * A new phone number: country, number and password, then the code sent by SMS. A reload comes back to
 * the code step of the change under way (the server keeps it); a new code then asks the password again.
 */
export function PhoneSettingsPage() {
  const { t } = useTranslation(['settings', 'errors']);
  const navigate = useNavigate();
  const me = useMeQuery().data;
  const confirm = useConfirmPhoneChangeMutation();
  const resend = useRequestPhoneChangeMutation();
  const [sent, setSent] = useState<PhoneChangeInput | null>(null);
  const change = useChangeUnderWay('phone');
  if (!me) return null;
  // The number the code went to: the one sent from here, or after a reload the change under way.
  const sentTo = sent?.phone ?? change.underWay?.phone;
  const restart = () => {
    setSent(null);
    change.showForm();
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('phone.title')}
      </Title>
      {change.loading && !sent ? (
        <Skeleton height={160} radius="md" />
      ) : (
        // Kept mounted while the code is asked, so going back keeps what was typed; after a reload, the
        // number of the change under way (the form waits for it, as the e-mail's restart fills it in).
        <div hidden={Boolean(sentTo)}>
          <PhoneRequestForm
            me={me}
            number={change.underWay?.phone}
            onSent={(input) => {
              setSent(input);
              change.sent();
            }}
            refuse={change.refuse}
            refusedUntil={change.refusedUntil}
          />
        </div>
      )}
      {sentTo && (
        <CodeStep
          sentTo={formatPhone(sentTo)}
          confirm={confirm}
          onConfirmed={() => {
            notify('positive', t('phone.saved'));
            void navigate('/settings/access', { replace: true });
          }}
          onResend={() =>
            sent
              ? resend.mutate(sent, {
                  onSuccess: () => notify('positive', t('code.resent')),
                  onError: (error) => change.refuse(error) || notifyServerError(error, t),
                })
              : restart()
          }
          resending={resend.isPending}
          resendAt={change.resendAt}
          resendRefused={change.refusedUntil !== null}
          onRestart={restart}
          restartLabel={t('phone.restart')}
        />
      )}
    </Stack>
  );
}
