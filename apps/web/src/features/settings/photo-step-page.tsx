import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../lib/notices.ts';
import { endOnboarding } from '../../lib/onboarding-end.ts';
import { setPhotoStepDue } from '../../lib/photo-step.ts';
import { AvatarChooser } from '../media/avatar-chooser.tsx';
import { useMeQuery } from '../users/users.api.ts';

/**
 * The onboarding's last step, after the required ones: a photo, since profiles with one get about 10
 * times more views. The avatar flow of the media feature, shown in the page; "Not now" ends the step
 * as surely as a photo does (lib/photo-step.ts), so nobody is kept here.
 */
export function PhotoStepPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMeQuery().data;
  if (!me) return null;

  const finish = () => {
    setPhotoStepDue(me._id, false);
    notify('positive', t('match.welcome'));
    endOnboarding(navigate, location);
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h3">
          {t('photo.title')}
        </Title>
        <Text>{t('photo.text')}</Text>
      </Stack>
      <AvatarChooser member={me} onDone={finish} announce={false} />
      <Button variant="subtle" color="gray" onClick={finish}>
        {t('photo.skip')}
      </Button>
    </Stack>
  );
}
