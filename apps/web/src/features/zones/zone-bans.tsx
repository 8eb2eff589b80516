import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sinceText } from './zone-screen.tsx';
import { useMemberActionMutation, useZoneBansQuery } from './zones.api.ts';

/**
 * The zone's banned members, for its admins and managers (on `/zone/:id/members`): who, since when,
 * and a way to lift each ban; nothing while no one is banned (a member's own screen lifts a ban too).
 * Lifting one asks the list again (the zone's queries).
 */
export function ZoneBans({ zoneId }: { zoneId: string }) {
  const { t } = useTranslation('zones');
  const bans = useZoneBansQuery(zoneId);
  const act = useMemberActionMutation(zoneId);
  if (!bans.data?.members.length) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('bans.title')}
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {bans.data.members.map((banned) => (
          <Card key={banned._id} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>@{banned.username}</Text>
                <Text size="sm" c="dimmed">
                  {t('bans.since', { date: sinceText(banned.bannedAt) })}
                </Text>
              </Stack>
              <Button
                variant="default"
                size="sm"
                loading={act.isPending && act.variables?.user === banned._id}
                disabled={act.isPending}
                aria-label={t('bans.unbanWho', { name: banned.username })}
                onClick={() => act.mutate({ user: banned._id, action: { kind: 'unban' } })}
              >
                {t('member.unban')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
