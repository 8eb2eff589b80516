import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFlag, IconSettings, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { knownMe } from '../../lib/query-client.ts';
import { MemberText } from '../../ui/member-text.tsx';
import type { ZoneFeedSlot } from '../../ui/zone-feed-slot.ts';
import { ZoneAction } from './zone-action.tsx';
import { AccessBadge, ZoneCover } from './zone-row.tsx';
import { Loaded, seesSettings, ZoneFeedPart, ZoneScreen } from './zone-screen.tsx';
import { useZoneQuery } from './zones.api.ts';

/**
 * `/zone/:id`: the zone's cover, title, @name, access, members and description, what the caller can
 * do from their place in it (and report it, but its admins), and below its feed (`feed`, lent by the
 * posts feature) for those who may read it: every member on a public zone, those in a private one
 * (decision 0041); never a visitor.
 */
export function ZonePage({ feed }: { feed?: ZoneFeedSlot }) {
  const { t } = useTranslation('zones');
  const id = useParams().id ?? '';
  const zone = useZoneQuery(id);
  const visitor = knownMe(useQueryClient()) === null;
  const role = zone.data?.role ?? null;
  const inZone = role === 'admin' || role === 'manager' || role === 'member';

  return (
    <ZoneScreen title={zone.data?.title ?? t('zone.title')} back={visitor ? undefined : '/zones'}>
      <Loaded query={zone} message={t('zone.failed')}>
        {() =>
          zone.data && (
            <Stack gap="md">
              {zone.data.coverImage && <ZoneCover image={zone.data.coverImage} />}
              <Group gap="xs">
                <Text c="dimmed">@{zone.data.name}</Text>
                <AccessBadge access={zone.data.access} />
                <Text c="dimmed">{t('members', { count: zone.data.members })}</Text>
              </Group>
              {role && role !== 'waiting' && <Text size="sm">{t(`zone.youAre.${role}`)}</Text>}
              {zone.data.description && (
                <Text style={{ whiteSpace: 'pre-line' }}>
                  <MemberText>{zone.data.description}</MemberText>
                </Text>
              )}
              {inZone && (
                <Group gap="xs">
                  <Button
                    component={Link}
                    to={`/zone/${id}/members`}
                    variant="default"
                    leftSection={<IconUsers size={16} aria-hidden />}
                  >
                    {t('zone.members')}
                  </Button>
                  {seesSettings(role) && (
                    // The admin's settings; a manager's part of them: the invite links.
                    <Button
                      component={Link}
                      to={`/zone/${id}/settings`}
                      variant="default"
                      leftSection={<IconSettings size={16} aria-hidden />}
                    >
                      {t('zone.settings')}
                    </Button>
                  )}
                </Group>
              )}
              <ZoneAction zone={zone.data} visitor={visitor} />
              {!visitor && role !== 'admin' && (
                // Anyone but its admins reports it (safety's report page, anonymous).
                <Button
                  component={Link}
                  to={`/settings/report/zone/${encodeURIComponent(id)}`}
                  state={{ name: zone.data.title }}
                  variant="subtle"
                  color="gray"
                  size="sm"
                  leftSection={<IconFlag size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('zone.report')}
                </Button>
              )}
              {!visitor && (inZone || zone.data.access === 'public') && (
                <ZoneFeedPart feed={feed} zoneId={id} canPost={inZone} />
              )}
            </Stack>
          )
        }
      </Loaded>
    </ZoneScreen>
  );
}
