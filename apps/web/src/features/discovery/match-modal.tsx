import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartFilled, IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { MatchEvent } from '@motema/shared/discovery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSocketEvent } from '../../lib/socket.ts';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { conversationWithPath } from '../../lib/conversation-path.ts';
import { useMeQuery } from '../users/users.api.ts';
import { invalidateMatches } from './discovery.api.ts';

const PHOTO_SIZE = 132;
const PHOTO_STYLE = { border: '4px solid white', boxShadow: 'var(--mantine-shadow-lg)' };
/** Dark enough everywhere for white text (4.5:1 at least: coral 6 is the lightest stop). */
const BACKDROP =
  'linear-gradient(165deg, var(--mantine-color-coral-9), var(--mantine-color-coral-7) 55%, var(--mantine-color-coral-6))';

/**
 * The match celebration, anywhere in the member's app: on `matched:{me}`, a screen of its own (as
 * Tinder's) with both photos, a way to write to the new match and a way back. The way back says
 * "Keep swiping" on the swap page, where the deck is waiting underneath; elsewhere it only closes (a
 * member reading a profile or a thread is not sent to the deck). Matches arriving together are shown
 * one by one.
 */
export function MatchModal() {
  const { t } = useTranslation('discovery');
  const me = useMeQuery().data;
  const queryClient = useQueryClient();
  const onSwap = useLocation().pathname === '/swap';
  const [queue, setQueue] = useState<MatchEvent[]>([]);

  useSocketEvent(me ? `matched:${me._id}` : null, (event) => {
    setQueue((events) => (events.some((e) => e.user._id === event.user._id) ? events : [...events, event]));
    void invalidateMatches(queryClient);
  });

  const current = queue[0];
  const close = () => setQueue((events) => events.slice(1));
  const name = current ? isolate(current.user.firstName ?? current.user.name) : '';

  return (
    <Modal.Root
      opened={Boolean(current && me)}
      onClose={close}
      fullScreen
      transitionProps={{ transition: 'pop' }}
    >
      <Modal.Content style={{ background: BACKDROP, color: 'white' }}>
        <Modal.Body
          p="lg"
          style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
        >
          {current && me && (
            <Stack align="center" gap="lg" maw={420} w="100%" mx="auto">
              <Group gap={0} wrap="nowrap" align="center" data-match-photos="">
                <MemberAvatar
                  name={me.name}
                  image={me.avatar}
                  size={PHOTO_SIZE}
                  radius={PHOTO_SIZE}
                  loading="eager"
                  style={{ ...PHOTO_STYLE, rotate: '-6deg' }}
                />
                <ThemeIcon
                  radius="xl"
                  size={52}
                  mx={-18}
                  color="white"
                  c="coral.6"
                  style={{ zIndex: 1, boxShadow: 'var(--mantine-shadow-md)' }}
                  aria-hidden
                >
                  <IconHeartFilled size={28} />
                </ThemeIcon>
                <MemberAvatar
                  name={current.user.name}
                  image={current.user.avatar}
                  size={PHOTO_SIZE}
                  radius={PHOTO_SIZE}
                  loading="eager"
                  style={{ ...PHOTO_STYLE, rotate: '6deg' }}
                />
              </Group>
              <Modal.Title component="h2" fz={40} fw={900} lh={1.1} ta="center" c="white" fs="italic">
                {t('match.title')}
              </Modal.Title>
              <Text ta="center" size="lg">
                {t('match.text', { name })}
              </Text>
              <Stack gap="sm" w="100%" mt="md">
                <Button
                  component={Link}
                  to={conversationWithPath(current.user._id)}
                  onClick={close}
                  size="lg"
                  radius="xl"
                  variant="white"
                  color="coral"
                  leftSection={<IconMessageCircle size={22} aria-hidden />}
                  fullWidth
                >
                  {t('match.message')}
                </Button>
                <Button onClick={close} size="lg" radius="xl" variant="outline" color="white" fullWidth>
                  {onSwap ? t('match.keepSwiping') : t('match.close')}
                </Button>
              </Stack>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
