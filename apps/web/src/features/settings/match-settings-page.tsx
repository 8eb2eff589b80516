import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconHeartSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Me } from '@motema/shared/users';
import { notify } from '../../lib/notices.ts';
import { endOnboarding } from '../../lib/onboarding-end.ts';
import { nextStepState, onboardingScreen } from '../../lib/onboarding-steps.ts';
import { setPhotoStepDue } from '../../lib/photo-step.ts';
import { useMeQuery } from '../users/users.api.ts';
import { MatchForm } from './components/match-form.tsx';

/** Match preferences; also the last onboarding step while nobody to meet is chosen yet. */
export function MatchSettingsPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMeQuery().data;
  // The step due, or gone back to from the photo's.
  const [onboarding] = useState(() => !!me && onboardingScreen(me, '/settings/match') === 'match');

  if (!me) return null;

  const onSaved = (saved: Me) => {
    if (onboarding && !saved.avatar) {
      // The required steps are done; a photo is offered next, on this device, and may be skipped.
      // It comes on top in the history, so that Back brings this step again.
      setPhotoStepDue(saved._id, true);
      void navigate('/settings/photo', { state: nextStepState(location.state) });
      return;
    }
    notify('positive', t(onboarding ? 'match.welcome' : 'match.saved'));
    if (onboarding) endOnboarding(navigate, location);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t(onboarding ? 'match.onboardingTitle' : 'match.title')}
      </Title>
      {onboarding && (
        <Alert variant="light" color="coral" icon={<IconHeartSearch size={20} />} radius="md">
          <Text>{t('match.onboardingText')}</Text>
        </Alert>
      )}
      <MatchForm me={me} onSaved={onSaved} submitLabel={t(onboarding ? 'match.start' : 'match.save')} />
    </Stack>
  );
}
