import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Me } from '@motema/shared/users';
import { notify } from '../../lib/notices.ts';
import { endOnboarding } from '../../lib/onboarding-end.ts';
import { nextStepState, onboardingScreen } from '../../lib/onboarding-steps.ts';
import { memberOnboardingStep } from '../../lib/photo-step.ts';
import { useMeQuery } from '../users/users.api.ts';
import { ProfileForm } from './components/profile-form.tsx';

/** Edit the profile; also the first onboarding step when the first name or the sex is missing. */
export function ProfileSettingsPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMeQuery().data;
  // Decided once: saving fills the profile, but the member is still in the onboarding flow (on the
  // step due, or gone back to it from a later one).
  const [onboarding] = useState(() => !!me && onboardingScreen(me, '/settings/profile') === 'profile');

  if (!me) return null;

  const onSaved = (saved: Me) => {
    // While onboarding, the next screen is the feedback; otherwise a short notice. The next step
    // comes on top in the history, so that Back brings this one again.
    if (!onboarding) return notify('positive', t('profile.saved'));
    if (memberOnboardingStep(saved) === null) endOnboarding(navigate, location);
    else void navigate('/settings/match', { state: nextStepState(location.state) });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t(onboarding ? 'profile.onboardingTitle' : 'profile.title')}
      </Title>
      {onboarding && (
        <Alert variant="light" color="coral" icon={<IconHeart size={20} />} radius="md">
          <Text>{t('profile.onboardingText')}</Text>
        </Alert>
      )}
      <ProfileForm
        me={me}
        onSaved={onSaved}
        submitLabel={t(onboarding ? 'profile.continue' : 'profile.save')}
      />
    </Stack>
  );
}
