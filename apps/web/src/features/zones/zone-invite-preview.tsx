import { Alert, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { ZoneInvitePreview } from '@motema/shared/zones';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { MemberText } from '../../ui/member-text.tsx';
import { Unavailable } from '../../ui/unavailable.tsx';
import { AccessBadge, ZoneCover } from './zone-row.tsx';
import { Loaded } from './zone-screen.tsx';
import { useInvitePreviewQuery, useJoinByInviteMutation } from './zones.api.ts';

/**
 * `/zones?invite=<token>`: what the link invites to (the zone's title, cover, access, members and, for
 * a public zone, its description's first words), and Join or Not now: nothing is joined until the
 * member presses Join. A link that no longer works says why, before any button; a member already in
 * the zone is led to it.
 */
export function InvitePreview({ token }: { token: string }) {
  const { t } = useTranslation('zones');
  const preview = useInvitePreviewQuery(token);
  if (preview.isError && isApiError(preview.error) && preview.error.status === 410)
    return (
      <Box role="alert">
        <Unavailable
          icon={IconLinkOff}
          title={t('invite.unusable')}
          text={errorText(preview.error, t)}
          level={2}
        >
          <Button component={Link} to="/zones" replace variant="light" mt="sm">
            {t('gone.toZones')}
          </Button>
        </Unavailable>
      </Box>
    );
  return (
    <Loaded query={preview} message={t('invite.loadFailed')}>
      {() => preview.data && <Invitation preview={preview.data} token={token} />}
    </Loaded>
  );
}

function Invitation({ preview, token }: { preview: ZoneInvitePreview; token: string }) {
  const { t } = useTranslation('zones');
  const { zone, role } = preview;
  return (
    <Stack gap="md">
      <Text>{t('invite.intro')}</Text>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {zone.coverImage && <ZoneCover image={zone.coverImage} />}
          <Title order={2} size="h3">
            <MemberText>{zone.title}</MemberText>
          </Title>
          <Group gap="xs">
            <Text c="dimmed">@{zone.name}</Text>
            <AccessBadge access={zone.access} />
            <Text c="dimmed">{t('members', { count: zone.members })}</Text>
          </Group>
          {zone.description && (
            <Text>
              <MemberText>{zone.description}</MemberText>
            </Text>
          )}
        </Stack>
      </Card>
      {role ? (
        // Already in it, or waiting for an answer: the way to the zone, nothing to join.
        <Stack gap="xs" role="status">
          <Text fw={600}>{t(role === 'waiting' ? 'action.waiting' : 'invite.already')}</Text>
          <Button component={Link} to={`/zone/${zone._id}`} replace style={{ alignSelf: 'flex-start' }}>
            {t('invite.open')}
          </Button>
        </Stack>
      ) : preview.banned ? (
        <Alert color="red" role="alert" title={t('action.banned')}>
          <Button component={Link} to="/zones" replace variant="light" mt="xs">
            {t('gone.toZones')}
          </Button>
        </Alert>
      ) : (
        <JoinChoice token={token} needsApproval={preview.needsApproval} />
      )}
    </Stack>
  );
}

/** Join (or ask to, when the link needs approval) or Not now, back to the zones; a refusal stays said. */
function JoinChoice({ token, needsApproval }: { token: string; needsApproval: boolean }) {
  const { t } = useTranslation('zones');
  const navigate = useNavigate();
  const join = useJoinByInviteMutation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(needsApproval ? 'invite.approvalHint' : 'invite.joinHint')}
      </Text>
      {join.isError && (
        <Alert color="red" role="alert" title={t('invite.failed')}>
          {errorText(join.error, t)}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          loading={join.isPending}
          onClick={() =>
            join.mutate(token, {
              onSuccess: (zone) => void navigate(`/zone/${zone._id}`, { replace: true }),
            })
          }
        >
          {t(needsApproval ? 'invite.ask' : 'invite.join')}
        </Button>
        <Button
          variant="default"
          disabled={join.isPending}
          onClick={() => void navigate('/zones', { replace: true })}
        >
          {t('invite.notNow')}
        </Button>
      </Group>
    </Stack>
  );
}
