import { Button, Group, Menu, Stack, Tabs, Title } from '@mantine/core';
import {
  IconCircleDashed,
  IconMicrophone,
  IconPencilPlus,
  IconPhoto,
  IconPlus,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProfileTabsProps } from '../../../ui/profile-tabs-slot.ts';
import { ProfilePostsTab } from './profile-tabs-posts.tsx';
import { ProfileStoriesTab } from './profile-tabs-stories.tsx';

// The composers load when first opened: a profile carries only its tabs' thumbnails.
const PostComposer = lazy(() =>
  import('../composer/post-composer.tsx').then((module) => ({ default: module.PostComposer })),
);
const StoryComposer = lazy(() =>
  import('../stories/story-composer.tsx').then((module) => ({ default: module.StoryComposer })),
);

export const PROFILE_TABS = ['pictures', 'videos', 'podcasts', 'stories'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The kind of post each tab lists. */
export const TAB_KINDS: Record<Exclude<ProfileTab, 'stories'>, 'photo' | 'video' | 'audio'> = {
  pictures: 'photo',
  videos: 'video',
  podcasts: 'audio',
};

/** What the member may add from their profile (SPEC section 2): a post, of a kind or of any, or a story. */
export type ProfileAddition = 'post' | 'photo' | 'video' | 'audio' | 'story';

const ADDITIONS: { value: ProfileAddition; Icon: TablerIcon }[] = [
  { value: 'post', Icon: IconPencilPlus },
  { value: 'photo', Icon: IconPhoto },
  { value: 'video', Icon: IconVideo },
  { value: 'audio', Icon: IconMicrophone },
  { value: 'story', Icon: IconCircleDashed },
];

const isTab = (value: string | null): value is ProfileTab =>
  (PROFILE_TABS as readonly (string | null)[]).includes(value);

/**
 * The profile's tabs: pictures, videos, podcasts (the member's posts of each kind, private ones the
 * viewer may not see shown locked) and stories. On one's own profile, "add post, photo, video,
 * podcast, story": the post composer opens on the kind, or the story composer. The tab is in the
 * address (`?tab=`), so coming back from a post lands on the same tab.
 */
export function ProfileTabs({ userId, own, name, pictures }: ProfileTabsProps) {
  const { t } = useTranslation('stories');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: ProfileTab = isTab(requested) ? requested : 'pictures';
  const [adding, setAdding] = useState<ProfileAddition | null>(null);

  const choose = (value: string | null) => {
    if (!isTab(value)) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'pictures') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <section aria-label={t('tabs.label', { name })}>
      {own && (
        <Group justify="flex-end" mb="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="light" size="compact-md" leftSection={<IconPlus size={18} aria-hidden />}>
                {t('tabs.add.menu')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {ADDITIONS.map(({ value, Icon }) => (
                <Menu.Item
                  key={value}
                  leftSection={<Icon size={18} aria-hidden />}
                  onClick={() => setAdding(value)}
                >
                  {t(`tabs.add.${value}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List grow style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {PROFILE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} px={6} fz="sm">
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === 'stories' ? (
              <ProfileStoriesTab userId={userId} own={own} name={name} onAdd={() => setAdding('story')} />
            ) : (
              <Stack gap="md">
                {value === 'pictures' && pictures && (
                  <>
                    <Title order={2} size="h5">
                      {t('tabs.profilePhotos')}
                    </Title>
                    {pictures}
                    <Title order={2} size="h5">
                      {t('tabs.photoPosts')}
                    </Title>
                  </>
                )}
                <ProfilePostsTab
                  userId={userId}
                  kind={TAB_KINDS[value]}
                  tab={value}
                  own={own}
                  name={name}
                  onAdd={() => setAdding(TAB_KINDS[value])}
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>

      <Suspense fallback={null}>
        {adding === 'story' && <StoryComposer opened onClose={() => setAdding(null)} />}
        {adding !== null && adding !== 'story' && (
          <PostComposer opened onClose={() => setAdding(null)} start={adding === 'post' ? 'any' : adding} />
        )}
      </Suspense>
    </section>
  );
}
