import { Alert, Button, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify, notifyError } from '../../../lib/notices.ts';
import { push, type PushSupport } from '../../../lib/platform/push.ts';
import { useMeQuery } from '../../users/users.api.ts';
import { forgetPushRefusal } from './push-refusal.ts';
import { disablePush, enablePush, pushOnForMember } from './push-subscription.ts';

type DeviceState = 'loading' | 'on' | 'off' | 'blocked';

/**
 * Push on this device, for Settings > Notifications: its state (on, off, blocked by the browser,
 * unsupported, iPhone outside the installed app) and the switch. Turning it on here is the member's own
 * choice: no explanation first, the browser's prompt at once (a refusal there is remembered as in the
 * prompt).
 */
export function PushDeviceSection({ support = push.support() }: { support?: PushSupport }) {
  const { t } = useTranslation('push');
  const userId = useMeQuery().data?._id ?? null;
  const [state, setState] = useState<DeviceState>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support !== 'supported' || !userId) return;
    let live = true;
    if (push.permission() === 'denied') setState('blocked');
    else
      void pushOnForMember(userId)
        .catch(() => false)
        .then((on) => live && setState(on ? 'on' : 'off'));
    return () => {
      live = false;
    };
  }, [support, userId]);

  const toggle = async (on: boolean) => {
    if (!userId) return;
    setBusy(true);
    try {
      if (!on) {
        await disablePush();
        setState('off');
        return;
      }
      // Asked here, by the member: an earlier "Not now" no longer holds.
      forgetPushRefusal();
      const result = await enablePush(userId);
      if (result === 'on') notify('positive', t('turnedOn'));
      else if (result === 'failed') notifyError(t('failed'));
      setState(result === 'on' ? 'on' : push.permission() === 'denied' ? 'blocked' : 'off');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="push-device-title">
      <Title order={2} size="h4" id="push-device-title">
        {t('section.title')}
      </Title>
      {support === 'unsupported' && <Alert color="gray">{t('section.unsupported')}</Alert>}
      {support === 'needs-install' && (
        <Alert color="gray">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('section.needsInstall')}</Text>
            <Button component={Link} to="/settings/install" size="xs" variant="light">
              {t('section.install')}
            </Button>
          </Stack>
        </Alert>
      )}
      {support === 'supported' && state === 'blocked' && <Alert color="ochre">{t('section.blocked')}</Alert>}
      {support === 'supported' && state !== 'blocked' && (
        <>
          <Switch
            label={t('section.switch')}
            checked={state === 'on'}
            disabled={state === 'loading' || busy}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            {t(state === 'on' ? 'section.on' : 'section.off')}
          </Text>
        </>
      )}
    </Stack>
  );
}
