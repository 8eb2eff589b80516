import { Divider, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettingsUpdate,
} from '@motema/shared/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { notifyServerError } from '../../lib/apply-server-errors.ts';
import { issueText } from '../../lib/error-text.ts';
import { QuietHoursField } from './components/quiet-hours-field.tsx';
import {
  useNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} from './notification-settings.api.ts';
import { PushDeviceSection } from './push/push-device-section.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';

/** The time zone quiet hours count in: this browser's, sent with them. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Settings > Notifications: push on this device first, then what the member is told by push (each
 * kind), discreet texts, quiet hours, and the e-mail digest. Each change is saved at once, the same
 * on every device; a refusal is said where it belongs and the switch goes back.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useNotificationSettingsQuery();
  const { mutate } = useUpdateNotificationSettingsMutation();
  const [quietError, setQuietError] = useState<string | null>(null);
  const [zone] = useState(browserTimeZone);

  const save = (update: NotificationSettingsUpdate) => {
    if ('quietHours' in update) setQuietError(null);
    mutate(update, {
      onError: (error) => {
        const quiet = isApiError(error)
          ? error.issues.find((issue) => issue.path.startsWith('quietHours'))
          : undefined;
        if (quiet) setQuietError(issueText(quiet, t));
        else notifyServerError(error, t);
      },
    });
  };

  const data = settings.data;
  const toggleKind = (kind: NotificationKind, on: boolean) => {
    if (!data) return;
    const chosen = new Set(data.push);
    if (on) chosen.add(kind);
    else chosen.delete(kind);
    save({ push: NOTIFICATION_KINDS.filter((each) => chosen.has(each)) });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('notificationSettings.title')}
      </Title>
      <PushDeviceSection />
      {settings.isError && !data && (
        <LoadFailed
          message={t('notificationSettings.loadError')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {!data && !settings.isError && <Skeleton height={320} radius="md" />}
      {data && (
        <>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('notificationSettings.pushTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('notificationSettings.pushHint')}
            </Text>
            <Paper withBorder radius="md" p="md">
              <Stack gap="md">
                {NOTIFICATION_KINDS.map((kind) => (
                  <Switch
                    key={kind}
                    size="md"
                    checked={data.push.includes(kind)}
                    onChange={(event) => toggleKind(kind, event.currentTarget.checked)}
                    label={t(`notificationSettings.kinds.${kind}`)}
                  />
                ))}
                <Divider />
                <Switch
                  size="md"
                  checked={data.discreet}
                  onChange={(event) => save({ discreet: event.currentTarget.checked })}
                  label={t('notificationSettings.discreet')}
                  description={t('notificationSettings.discreetHint')}
                  styles={{ label: { fontWeight: 600 } }}
                />
              </Stack>
            </Paper>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('notificationSettings.quietTitle')}
            </Title>
            <Paper withBorder radius="md" p="md">
              <QuietHoursField
                value={data.quietHours}
                timeZone={data.quietHours ? data.timeZone : zone}
                error={quietError}
                onChange={(quietHours) => save({ quietHours, ...(quietHours && { timeZone: zone }) })}
              />
            </Paper>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('notificationSettings.emailTitle')}
            </Title>
            <Paper withBorder radius="md" p="md">
              <Switch
                size="md"
                checked={data.emailDigest}
                onChange={(event) => save({ emailDigest: event.currentTarget.checked })}
                label={t('notificationSettings.email')}
                description={t('notificationSettings.emailHint')}
                styles={{ label: { fontWeight: 600 } }}
              />
            </Paper>
          </Stack>
        </>
      )}
    </Stack>
  );
}
