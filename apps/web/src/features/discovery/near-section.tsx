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

  const shareButton = <ShareButton share={share} busy={busy} shared={shared} />;

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

function ShareButton({
  share,
  busy,
  shared,
}: {
  share: () => Promise<unknown>;
  busy: boolean;
  shared: boolean;
}) {
  const { t } = useTranslation('discovery');
  return (
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
}

/**
 * The ask to share a position for another screen whose content follows it (the posts feed): the
 * privacy note, the button, and what the browser refused. Nothing once a position is shared.
 */
export function SharePositionPrompt() {
  const { t } = useTranslation('discovery');
  const shared = useMeQuery().data?.locationShared ?? true;
  const { share, busy, problem } = useGeolocation({ shared });
  if (shared) return null;
  return (
    <>
      {problem && <GeolocationAlert problem={problem} />}
      <Text size="xs" c="dimmed" maw={420}>
        {t('near.privacy')}
      </Text>
      <ShareButton share={share} busy={busy} shared={shared} />
    </>
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
