import { Button, Stack, Text } from '@mantine/core';
import type { Profile } from '@motema/shared/discovery';
import type { Me } from '@motema/shared/users';
import { IconMessageCircle, IconUserEdit } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationWithPath } from '../../lib/conversation-path.ts';

// Only a member looking at their own profile without a photo needs the avatar flow: loaded then.
const AvatarPrompt = lazy(() =>
  import('../media/avatar-prompt.tsx').then((module) => ({ default: module.AvatarPrompt })),
);

/** Under the name: on one's own profile a way to edit it, on another's (for members) a way to write. */
export function ProfileActions({ profile, me }: { profile: Profile; me: Me | null }) {
  const { t } = useTranslation('discovery');
  if (me?._id === profile._id)
    return (
      <Stack gap="xs">
        {!me.avatar && (
          <Suspense fallback={null}>
            <AvatarPrompt member={me} />
          </Suspense>
        )}
        <Text size="sm" c="dimmed">
          {t('profile.own.note')}
        </Text>
        <Button
          component={Link}
          to="/settings/profile"
          leftSection={<IconUserEdit size={20} aria-hidden />}
          variant="light"
        >
          {t('profile.own.edit')}
        </Button>
      </Stack>
    );
  if (!me) return null;
  return (
    <Button
      component={Link}
      to={conversationWithPath(profile._id)}
      leftSection={<IconMessageCircle size={20} aria-hidden />}
    >
      {t('profile.sendMessage')}
    </Button>
  );
}
