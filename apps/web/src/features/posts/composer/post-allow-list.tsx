import { Checkbox, Group, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { MAX_LIST_LIMIT } from '@motema/shared/paging';
import type { PostMember } from '@motema/shared/posts';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { MemberText } from '../../../ui/member-text.tsx';
import { useConversationsQuery } from '../../chat/chat.api.ts';
import { useUserListQuery } from '../../discovery/discovery.api.ts';

/** Someone a private post may be shown to: a match, a conversation partner, or already allowed. */
type Candidate = Pick<PostMember, '_id' | 'name'> & { avatar: { thumbnail: string } | null };

type Props = {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Members allowed before (editing a post): listed even when no longer a match or a partner. */
  known?: PostMember[];
  error?: string;
};

/**
 * Who may see a private post or story: the member's matches and the members they talk with (discovery's and
 * the chat's own lists, as those screens ask for them), a search among them, and a tick each.
 */
export function AllowListPicker({ value, onChange, known = [], error }: Props) {
  const { t } = useTranslation('posts');
  // As many matches as a page may hold (the lists' own pages are 12): the search finds them all.
  const matches = useUserListQuery('rated-each', { limit: MAX_LIST_LIMIT });
  const conversations = useConversationsQuery();
  const [search, setSearch] = useState('');

  const candidates = useMemo(() => {
    const found = new Map<string, Candidate>();
    for (const member of known) found.set(member._id, member);
    for (const user of matches.data?.users ?? []) found.set(user._id, user);
    for (const conversation of conversations.data?.conversations ?? [])
      if (!found.has(conversation.member._id)) found.set(conversation.member._id, conversation.member);
    return [...found.values()];
  }, [known, matches.data, conversations.data]);

  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? candidates.filter((member) => member.name.toLocaleLowerCase().includes(needle))
    : candidates;
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value.filter((other) => other !== id), id] : value.filter((other) => other !== id));
  const loading = (matches.isPending || conversations.isPending) && candidates.length === 0;

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('visibility.allowedTitle', { count: value.length })}
      </Text>
      {candidates.length > 6 && (
        <TextInput
          size="sm"
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('visibility.search')}
          aria-label={t('visibility.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {loading ? (
        <Stack gap={6}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={36} radius="md" />
          ))}
        </Stack>
      ) : candidates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('visibility.nobody')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto">
          <Stack gap={4} role="group" aria-label={t('visibility.allowedLabel')}>
            {shown.map((member) => (
              <Checkbox
                key={member._id}
                checked={chosen.has(member._id)}
                onChange={(event) => toggle(member._id, event.currentTarget.checked)}
                aria-label={member.name}
                label={
                  <Group gap="xs" wrap="nowrap">
                    <MemberAvatar name={member.name} image={member.avatar} size={32} radius={32} />
                    <Text size="sm" truncate="end">
                      <MemberText>{member.name}</MemberText>
                    </Text>
                  </Group>
                }
                styles={{ body: { alignItems: 'center' }, labelWrapper: { minWidth: 0 } }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
