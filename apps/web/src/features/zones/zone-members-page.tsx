import { useSettledValue } from '../../lib/use-settled-value.ts';
import { Card, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ZoneMemberList, ZoneRole } from '@motema/shared/zones';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ZoneBans } from './zone-bans.tsx';
import { ZoneRequestRow } from './zone-request-row.tsx';
import { Loaded, sinceText, ZoneScreen } from './zone-screen.tsx';
import { useZoneMembersQuery, useZoneQuery } from './zones.api.ts';

const ROLE_ORDER: ZoneRole[] = ['admin', 'manager', 'member'];

/**
 * `/zone/:id/members`: members by role with a search; the waiting list and the banned for admins and
 * managers.
 */
export function ZoneMembersPage() {
  const { t } = useTranslation('zones');
  const id = useParams().id ?? '';
  const zone = useZoneQuery(id);
  const moderator = zone.data?.role === 'admin' || zone.data?.role === 'manager';
  const [typed, setTyped] = useState('');
  // Asked once the member stops typing for a moment.
  const q = useSettledValue(typed.trim(), 300);
  const members = useZoneMembersQuery(id, { q, limit: 100 });
  const waiting = useZoneMembersQuery(id, { role: 'waiting', limit: 100 }, moderator);

  return (
    <ZoneScreen title={t('members.title')} back={`/zone/${id}`}>
      {moderator && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('members.waiting')}
          </Title>
          <Loaded query={waiting} message={t('members.failed')}>
            {() =>
              waiting.data?.members.length ? (
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {waiting.data.members.map((request) => (
                    <ZoneRequestRow key={request._id} zone={zone.data!} request={request} />
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed" size="sm">
                  {t('members.noneWaiting')}
                </Text>
              )
            }
          </Loaded>
        </Stack>
      )}
      <TextInput
        type="search"
        aria-label={t('members.search')}
        placeholder={t('members.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      <Loaded query={members} message={t('members.failed')}>
        {() => <ByRole zoneId={id} list={members.data!} moderator={moderator} />}
      </Loaded>
      {moderator && <ZoneBans zoneId={id} />}
    </ZoneScreen>
  );
}

function ByRole({ zoneId, list, moderator }: { zoneId: string; list: ZoneMemberList; moderator: boolean }) {
  const { t } = useTranslation('zones');
  if (list.members.length === 0) return <Text c="dimmed">{t('members.none')}</Text>;
  return ROLE_ORDER.map((role) => {
    const ofRole = list.members.filter((member) => member.role === role);
    if (ofRole.length === 0) return null;
    return (
      <Stack key={role} gap="xs">
        <Title order={2} size="h4">
          {t(`roles.${role}`, { count: ofRole.length })}
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {ofRole.map((member) => (
            <li key={member._id}>
              <Card
                component={Link}
                to={`/zone/${zoneId}/${moderator ? 'member' : 'profile'}/${member._id}`}
                withBorder
                radius="md"
                padding="sm"
              >
                <Text fw={600}>@{member.username}</Text>
                <Text size="sm" c="dimmed">
                  {t('since', { date: sinceText(member.since) })}
                </Text>
              </Card>
            </li>
          ))}
        </Stack>
      </Stack>
    );
  });
}
