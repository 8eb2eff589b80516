import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartFilled, IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { MatchEvent } from '@motema/shared/discovery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSocketEvent } from '../../lib/socket.ts';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { useMeQuery } from '../users/users.api.ts';
import { invalidateMatches } from './discovery.api.ts';

const AVATAR_STYLE = { border: '4px solid var(--mantine-color-body)', boxShadow: 'var(--mantine-shadow-sm)' };

/**
 * The match screen, anywhere in the member's app: shown on `matched:{me}` with both avatars, a way to
 * write to the new match and a way back to the deck. Matches arriving together are shown one by one.
 */
export function MatchModal() {
  const { t } = useTranslation('discovery');
  const me = useMeQuery().data;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [queue, setQueue] = useState<MatchEvent[]>([]);

  useSocketEvent(me ? `matched:${me._id}` : null, (event) => {
    setQueue((events) => (events.some((e) => e.user._id === event.user._id) ? events : [...events, event]));
    void invalidateMatches(queryClient);
  });

  const current = queue[0];
  const close = () => setQueue((events) => events.slice(1));
  const keepSwiping = () => {
    close();
    if (pathname !== '/swap') void navigate('/swap');
  };
  const name = current ? isolate(current.user.firstName ?? current.user.name) : '';

  return (
    <Modal.Root opened={Boolean(current && me)} onClose={close} centered radius="lg">
      <Modal.Overlay backgroundOpacity={0.6} blur={2} />
      <Modal.Content>
        <Modal.Body pt="xl" pb="lg">
          {current && me && (
            <Stack align="center" gap="md">
              <Group gap={0} wrap="nowrap" align="center">
                <MemberAvatar name={me.name} image={me.avatar} size={104} radius={104} style={AVATAR_STYLE} />
                <ThemeIcon radius="xl" size={44} mx={-14} style={{ zIndex: 1 }} aria-hidden>
                  <IconHeartFilled size={24} />
                </ThemeIcon>
                <MemberAvatar
                  name={current.user.name}
                  image={current.user.avatar}
                  size={104}
                  radius={104}
                  style={AVATAR_STYLE}
                />
              </Group>
              <Modal.Title component="h2" fz="h2" fw={800} ta="center" c="coral.6">
                {t('match.title')}
              </Modal.Title>
              <Text ta="center">{t('match.text', { name })}</Text>
              <Stack gap="xs" w="100%">
                <Button
                  component={Link}
                  to={`/conversations?user=${encodeURIComponent(current.user._id)}`}
                  onClick={close}
                  leftSection={<IconMessageCircle size={20} aria-hidden />}
                  fullWidth
                >
                  {t('match.message')}
                </Button>
                <Button variant="subtle" onClick={keepSwiping} fullWidth>
                  {t('match.keepSwiping')}
                </Button>
              </Stack>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
