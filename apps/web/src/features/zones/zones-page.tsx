import { useSettledValue } from '../../lib/use-settled-value.ts';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMeQuery } from '../users/users.api.ts';
import { InvitePreview } from './zone-invite-preview.tsx';
import { ZoneList } from './zone-row.tsx';
import { Loaded, ZoneScreen } from './zone-screen.tsx';
import { useMyZonesQuery, useSuggestedZonesQuery, useZoneSearchQuery } from './zones.api.ts';

/**
 * `/zones`: the zones near the member (when they share a position), their zones, suggested ones and a
 * search; an invite link (`?invite=<token>`) shows what it invites to, in their place.
 */
export function ZonesPage() {
  const { t } = useTranslation('zones');
  const token = useSearchParams()[0].get('invite');
  if (token)
    return (
      <ZoneScreen title={t('invite.title')} back="/zones">
        <InvitePreview key={token} token={token} />
      </ZoneScreen>
    );
  return <ZonesTab />;
}

function ZonesTab() {
  const { t } = useTranslation('zones');
  const [typed, setTyped] = useState('');
  // Asked once the member stops typing for a moment.
  const q = useSettledValue(typed.trim(), 300);

  return (
    <ZoneScreen title={t('list.title')}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          type="search"
          aria-label={t('list.search')}
          placeholder={t('list.searchShort')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Button component={Link} to="/create-zone" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('list.create')}
        </Button>
      </Group>
      {q ? <SearchResults q={q} /> : <MineAndSuggested />}
    </ZoneScreen>
  );
}

function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation('zones');
  const found = useZoneSearchQuery(q);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('list.results')}
      </Title>
      <Loaded query={found} message={t('list.failed')}>
        {() => <ZoneList zones={found.data?.zones ?? []} empty={t('list.noResults')} />}
      </Loaded>
    </Stack>
  );
}

function MineAndSuggested() {
  const { t } = useTranslation('zones');
  const mine = useMyZonesQuery();
  const suggested = useSuggestedZonesQuery();
  // Zones near the member, once they share a position (the server knows it; the app only that it
  // does); the section shows when there are some.
  const located = useMeQuery().data?.locationShared ?? false;
  const near = useSuggestedZonesQuery(true, located);
  return (
    <>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('list.mine')}
        </Title>
        <Loaded query={mine} message={t('list.failed')}>
          {() => <ZoneList zones={mine.data?.zones ?? []} empty={t('list.noneMine')} />}
        </Loaded>
      </Stack>
      {near.data?.zones.length ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('list.near')}
          </Title>
          <ZoneList zones={near.data.zones} empty="" />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('list.suggested')}
        </Title>
        <Loaded query={suggested} message={t('list.failed')}>
          {() => <ZoneList zones={suggested.data?.zones ?? []} empty={t('list.noneSuggested')} />}
        </Loaded>
      </Stack>
    </>
  );
}
