import { Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ZONE_INVITE_MAX_DAYS, ZONE_INVITE_MAX_USES } from '@motema/shared/zones';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { Loaded } from './zone-screen.tsx';
import {
  inviteLink,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  useZoneInvitesQuery,
  type ZoneInvite,
} from './zones.api.ts';

/** Invite links: made with a lifetime, a use limit and whether joiners still wait; copied; revoked. */
export function ZoneInvites({ zoneId }: { zoneId: string }) {
  const { t } = useTranslation('zones');
  const invites = useZoneInvitesQuery(zoneId);
  const create = useCreateInviteMutation(zoneId);
  const [days, setDays] = useState('7');
  const [uses, setUses] = useState('');
  const [needsApproval, setNeedsApproval] = useState(false);
  const made = create.data?.token;

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('invites.title')}
      </Title>
      <Group grow align="flex-start">
        <TextInput
          type="number"
          inputMode="numeric"
          label={t('invites.days')}
          min={1}
          max={ZONE_INVITE_MAX_DAYS}
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
        />
        <TextInput
          type="number"
          inputMode="numeric"
          label={t('invites.uses')}
          placeholder={t('invites.unlimited')}
          min={1}
          max={ZONE_INVITE_MAX_USES}
          value={uses}
          onChange={(event) => setUses(event.currentTarget.value)}
        />
      </Group>
      <Checkbox
        label={t('invites.needsApproval')}
        checked={needsApproval}
        onChange={(event) => setNeedsApproval(event.currentTarget.checked)}
      />
      <Button
        style={{ alignSelf: 'flex-start' }}
        loading={create.isPending}
        onClick={() =>
          create.mutate({
            days: Number(days) || 7,
            maxUses: uses.trim() === '' ? null : Number(uses),
            needsApproval,
          })
        }
      >
        {t('invites.create')}
      </Button>
      {made && (
        <Group gap="xs" wrap="nowrap">
          <TextInput style={{ flex: 1 }} readOnly value={inviteLink(made)} aria-label={t('invites.link')} />
          <Button
            variant="light"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(inviteLink(made))
                .then(() => notify('positive', t('invites.copied'), 2000))
                .catch(() => undefined)
            }
          >
            {t('invites.copy')}
          </Button>
        </Group>
      )}
      <Loaded query={invites} message={t('invites.failed')}>
        {() => {
          const live = invites.data?.invites.filter((invite) => !invite.revoked) ?? [];
          return live.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('invites.none')}
            </Text>
          ) : (
            live.map((invite) => <InviteRow key={invite._id} zoneId={zoneId} invite={invite} />)
          );
        }}
      </Loaded>
    </Stack>
  );
}

function InviteRow({ zoneId, invite }: { zoneId: string; invite: ZoneInvite }) {
  const { t } = useTranslation('zones');
  const revoke = useRevokeInviteMutation(zoneId);
  const until = formatDate(Date.parse(invite.expiresAt), currentLanguage(), {
    day: 'numeric',
    month: 'long',
  });
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm">{t('invites.until', { date: until })}</Text>
          <Text size="sm" c="dimmed">
            {invite.maxUses === null
              ? t('invites.used', { count: invite.uses })
              : t('invites.usedOf', { count: invite.uses, max: invite.maxUses })}
            {invite.needsApproval ? ` · ${t('invites.approval')}` : ''}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="sm"
          loading={revoke.isPending}
          onClick={() => revoke.mutate(invite._id)}
        >
          {t('invites.revoke')}
        </Button>
      </Group>
    </Card>
  );
}
