import { useSettledValue } from '../../lib/use-settled-value.ts';
import { Alert, Button, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text.ts';
import { useMeQuery } from '../users/users.api.ts';
import { ZoneList } from './zone-row.tsx';
import { Loaded, ZoneScreen } from './zone-screen.tsx';
import {
  useJoinByInviteMutation,
  useMyZonesQuery,
  useSuggestedZonesQuery,
  useZoneSearchQuery,
} from './zones.api.ts';

/**
 * `/zones`: the zones near the member (when they share a position), their zones, suggested ones and a
 * search; an invite link joins through it.
 */
export function ZonesPage() {
  const { t } = useTranslation('zones');
  const [typed, setTyped] = useState('');
  // Asked once the member stops typing for a moment.
  const q = useSettledValue(typed.trim(), 300);

  return (
    <ZoneScreen title={t('list.title')}>
      <InviteJoin />
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

/** `?invite=<token>`: joins through the link once, then opens the zone; or says why it could not. */
function InviteJoin() {
  const { t } = useTranslation('zones');
  const [params] = useSearchParams();
  const token = params.get('invite');
  const navigate = useNavigate();
  const join = useJoinByInviteMutation();
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    join.mutate(token, { onSuccess: (zone) => void navigate(`/zone/${zone._id}`, { replace: true }) });
  }, [token, join, navigate]);
  if (!token) return null;
  if (join.isError)
    return (
      <Alert color="red" title={t('invite.failed')} role="alert">
        {errorText(join.error, t)}
      </Alert>
    );
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      {t('invite.joining')}
    </Group>
  );
}
