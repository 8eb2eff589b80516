import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeQuery } from '../users/users.api.ts';
import { formatKm } from './member-facts.tsx';
import { UserRowSection } from './user-row-section.tsx';
import { useGeolocation, type GeolocationProblem } from './use-geolocation.ts';

const BROWSER_PROBLEMS = ['denied', 'unavailable', 'timeout', 'unsupported'];

/** The near list: asks the member to share a position first, and says so when no one is near yet. */
export function NearSection() {
  const { t, i18n } = useTranslation('discovery');
  const me = useMeQuery().data;
  const shared = me?.locationShared ?? false;
  const { share, busy, problem } = useGeolocation({ shared });

  const shareButton = (
    <Button
      leftSection={<IconMapPin size={18} aria-hidden />}
      onClick={() => void share()}
      loading={busy}
      variant={shared ? 'light' : 'filled'}
      size="sm"
      style={{ alignSelf: 'flex-start' }}
    >
      {t('near.share')}
    </Button>
  );

  return (
    <UserRowSection
      filter="near"
      enabled={shared}
      action={problem && <GeolocationAlert problem={problem} />}
      empty={
        shared ? (
          <>
            <Text size="sm">
              {t('near.empty', {
                distance: formatKm(i18n.resolvedLanguage ?? 'en', me?.match.distance ?? 0),
              })}
            </Text>
            <Anchor component={Link} to="/settings/match" size="sm" fw={600}>
              {t('near.adjust')}
            </Anchor>
          </>
        ) : (
          <>
            <Text size="sm">{t('near.prompt')}</Text>
            <Text size="xs" c="dimmed">
              {t('near.privacy')}
            </Text>
            {shareButton}
          </>
        )
      }
    />
  );
}

function GeolocationAlert({ problem }: { problem: GeolocationProblem }) {
  const { t } = useTranslation('discovery');
  const message = BROWSER_PROBLEMS.includes(problem)
    ? t(`near.errors.${problem}`)
    : t(`errors:${problem}`, { defaultValue: t('near.errors.unavailable') });
  return (
    <Alert color="red" variant="light" role="alert" p="xs" mb="xs">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
