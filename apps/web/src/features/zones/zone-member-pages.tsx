import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { ZONE_GIVEN_ROLES } from '@motema/shared/zones';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notify } from '../../lib/notices.ts';
import { knownMe } from '../../lib/query-client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { ZoneFeedSlot } from '../../ui/zone-feed-slot.ts';
import { Loaded, sinceText, ZoneFeedPart, ZoneScreen } from './zone-screen.tsx';
import { useMemberActionMutation, useZoneMemberQuery, useZoneQuery, type MemberAction } from './zones.api.ts';

/** The zone and one member seen through it (null: not in it, or hidden by a block). */
function useZoneMember() {
  const { id = '', user = '' } = useParams();
  const zone = useZoneQuery(id);
  const members = useZoneMemberQuery(id, user);
  const seen = members.data ?? null;
  // In the zone: a role; the zone's admins and managers also see the waiting and the banned.
  const member = seen?.role ? { ...seen, role: seen.role, since: seen.since ?? '' } : null;
  return { id, user, zone, members, member, banned: seen?.banned ?? false };
}

/**
 * `/zone/:id/profile/:user`: a member seen through the zone: role, since when, their profile, and
 * their posts in the zone (`feed`, lent by the posts feature).
 */
export function ZoneProfilePage({ feed }: { feed?: ZoneFeedSlot }) {
  const { t } = useTranslation('zones');
  const { id, user, members, member } = useZoneMember();
  return (
    <ZoneScreen title={member ? `@${member.username}` : t('profile.title')} back={`/zone/${id}/members`}>
      <Loaded query={members} message={t('members.failed')}>
        {() =>
          member ? (
            <Stack gap="xs">
              <Text>{t(`role.${member.role}`)}</Text>
              <Text c="dimmed">{t('since', { date: sinceText(member.since) })}</Text>
              <Anchor component={Link} to={`/profile/${user}`}>
                {t('profile.open')}
              </Anchor>
              <ZoneFeedPart feed={feed} zoneId={id} canPost={false} memberId={user} />
            </Stack>
          ) : (
            <Text c="dimmed">{t('profile.notInZone')}</Text>
          )
        }
      </Loaded>
    </ZoneScreen>
  );
}

/** `/zone/:id/member/:user`: an admin or manager acts on one membership. */
export function ZoneMemberPage() {
  const { t } = useTranslation('zones');
  const { id, user, zone, members, member, banned } = useZoneMember();
  const act = useMemberActionMutation(id);
  const [confirm, setConfirm] = useState<'remove' | 'ban' | null>(null);
  const role = zone.data?.role;
  const self = knownMe(useQueryClient())?._id === user;
  // An admin acts on everyone but admins, a manager on members (the server's `outranks`).
  const outranks = member && (role === 'admin' ? member.role !== 'admin' : member.role === 'member');
  const run = (action: MemberAction, done: string) =>
    act.mutate(
      { user, action },
      { onSuccess: () => notify('positive', t(done)), onSettled: () => setConfirm(null) },
    );

  return (
    <ZoneScreen title={member ? `@${member.username}` : t('profile.title')} back={`/zone/${id}/members`}>
      <Loaded query={members} message={t('members.failed')}>
        {() =>
          role !== 'admin' && role !== 'manager' ? (
            <Text c="dimmed">{t('moderatorsOnly')}</Text>
          ) : (
            <Stack gap="md">
              {member ? (
                <>
                  <Text>{t(`role.${member.role}`)}</Text>
                  <Text c="dimmed">{t('since', { date: sinceText(member.since) })}</Text>
                  {role === 'admin' && !self && member.role !== 'waiting' && (
                    <NativeSelect
                      label={t('member.changeRole')}
                      value={member.role}
                      disabled={act.isPending}
                      data={ZONE_GIVEN_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
                      onChange={(event) => {
                        const next = event.currentTarget.value as (typeof ZONE_GIVEN_ROLES)[number];
                        run({ kind: 'role', role: next }, 'member.roleChanged');
                      }}
                    />
                  )}
                  {!self && outranks && (
                    <Group gap="xs">
                      <Button variant="default" onClick={() => setConfirm('remove')}>
                        {t('member.remove')}
                      </Button>
                      <Button color="red" variant="light" onClick={() => setConfirm('ban')}>
                        {t('member.ban')}
                      </Button>
                    </Group>
                  )}
                </>
              ) : (
                <>
                  <Text c="dimmed">{t('profile.notInZone')}</Text>
                  {banned && (
                    <Button
                      variant="default"
                      style={{ alignSelf: 'flex-start' }}
                      loading={act.isPending}
                      onClick={() => run({ kind: 'unban' }, 'member.unbanned')}
                    >
                      {t('member.unban')}
                    </Button>
                  )}
                </>
              )}
              <Anchor component={Link} to={`/profile/${user}`}>
                {t('profile.open')}
              </Anchor>
              <ConfirmDialog
                opened={confirm !== null}
                onClose={() => setConfirm(null)}
                title={t(confirm === 'ban' ? 'member.banTitle' : 'member.removeTitle')}
                cancelLabel={t('action.keep')}
                confirmLabel={t(confirm === 'ban' ? 'member.ban' : 'member.remove')}
                danger
                loading={act.isPending}
                onConfirm={() =>
                  confirm === 'ban'
                    ? run({ kind: 'ban' }, 'member.banned')
                    : run({ kind: 'remove' }, 'member.removed')
                }
              >
                {t(confirm === 'ban' ? 'member.banText' : 'member.removeText')}
              </ConfirmDialog>
            </Stack>
          )
        }
      </Loaded>
    </ZoneScreen>
  );
}
