import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Me } from '@motema/shared/users';
import { notify } from '../../lib/notices.ts';
import { FROM_PREVIOUS_STEP, onboardingScreen } from '../../lib/onboarding-steps.ts';
import { pageAfterOnboarding } from '../../lib/page-after-onboarding.ts';
import { memberOnboardingStep } from '../../lib/photo-step.ts';
import { useMeQuery } from '../users/users.api.ts';
import { ProfileForm } from './components/profile-form.tsx';

/** Edit the profile; also the first onboarding step when the first name or the sex is missing. */
export function ProfileSettingsPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const me = useMeQuery().data;
  // Decided once: saving fills the profile, but the member is still in the onboarding flow (on the
  // step due, or gone back to it from a later one).
  const [onboarding] = useState(() => !!me && onboardingScreen(me, '/settings/profile') === 'profile');

  if (!me) return null;

  const onSaved = (saved: Me) => {
    // While onboarding, the next screen is the feedback; otherwise a short notice. The next step
    // comes on top in the history, so that Back brings this one again.
    if (!onboarding) return notify('positive', t('profile.saved'));
    if (memberOnboardingStep(saved) === null) void navigate(pageAfterOnboarding(), { replace: true });
    else void navigate('/settings/match', { state: FROM_PREVIOUS_STEP });
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
