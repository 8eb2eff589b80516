import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { PostMember, PostVisibility } from '@motema/shared/posts';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AllowListPicker } from './post-allow-list.tsx';

type Props = {
  visibility: PostVisibility;
  allowed: string[];
  onVisibility: (visibility: PostVisibility) => void;
  onAllowed: (ids: string[]) => void;
  known?: PostMember[];
  error?: string;
  /** What the choice is for: a post (locked for the others) or a story (invisible to them). */
  subject?: 'post' | 'story';
};

const HINTS = {
  post: { public: 'visibility.publicHint', private: 'visibility.privateHint' },
  story: { public: 'visibility.storyPublicHint', private: 'visibility.storyPrivateHint' },
} as const;

/**
 * Public or private, and for a private post or story who may see it (the composers and the post's
 * editing).
 */
export function VisibilityFields({
  visibility,
  allowed,
  onVisibility,
  onAllowed,
  known,
  error,
  subject = 'post',
}: Props) {
  const { t } = useTranslation('posts');
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={visibility}
        onChange={(value) => onVisibility(value as PostVisibility)}
        aria-label={t('visibility.label')}
        data={[
          {
            value: 'public',
            label: (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                <IconWorld size={16} aria-hidden />
                {t('visibility.public')}
              </span>
            ),
          },
          {
            value: 'private',
            label: (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                <IconLock size={16} aria-hidden />
                {t('visibility.private')}
              </span>
            ),
          },
        ]}
      />
      <Text size="sm" c="dimmed">
        {t(HINTS[subject][visibility])}
      </Text>
      {visibility === 'private' && (
        <AllowListPicker value={allowed} onChange={onAllowed} known={known} error={error} />
      )}
    </Stack>
  );
}
