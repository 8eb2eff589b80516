import { ActionIcon, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { MemberText } from '../../../ui/member-text.tsx';
import { storyAge } from './story-time.ts';
import { useStoryViewersQuery } from './stories.api.ts';
import classes from './story-viewer.module.css';

type Props = { storyId: string; views: number | null; now: number; onClose: () => void };

/** Who saw one of the member's own stories, newest first: for its author only. */
export function StoryViewersPanel({ storyId, views, now, onClose }: Props) {
  const { t, i18n } = useTranslation('stories');
  const viewers = useStoryViewersQuery(storyId);
  const list = viewers.data?.viewers ?? [];
  return (
    <section className={classes.panel} aria-labelledby="story-viewers-title">
      <Group justify="space-between" px="md" pt="md" pb="xs" wrap="nowrap">
        <Title order={2} size="h4" id="story-viewers-title">
          {t('viewers.title', { count: viewers.data ? list.length : (views ?? 0) })}
        </Title>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('viewers.close')} onClick={onClose}>
          <IconX size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <ScrollArea.Autosize mah="100%" px="md" pb="md">
        {viewers.isPending ? (
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label={t('viewers.loading')} />
          </Group>
        ) : viewers.isError ? (
          <Text c="dimmed" py="md">
            {t('viewers.error')}
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed" py="md">
            {t('viewers.empty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map(({ member, viewedAt }) => (
              <Group key={member._id} component="li" wrap="nowrap" gap="sm">
                <MemberAvatar name={member.name} image={member.avatar} size={40} radius={40} />
                <Text fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
                  <MemberText>{member.firstName ?? member.name}</MemberText>
                </Text>
                <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
                  {storyAge(viewedAt, now, i18n.language)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </section>
  );
}
