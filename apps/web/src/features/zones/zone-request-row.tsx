import { Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ZONE_REASON_MAX_LENGTH, type Zone, type ZoneMemberList } from '@motema/shared/zones';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberText } from '../../ui/member-text.tsx';
import { sinceText } from './zone-screen.tsx';
import { useMemberActionMutation } from './zones.api.ts';

type Request = ZoneMemberList['members'][number];

/** One waiting request: who, the answers to the zone's questions, Approve and Decline with a reason. */
export function ZoneRequestRow({ zone, request }: { zone: Zone; request: Request }) {
  const { t } = useTranslation('zones');
  const act = useMemberActionMutation(zone._id);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const name = request.username;
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Text fw={600}>@{name}</Text>
        {request.remindedAt && (
          <Text size="sm" c="dimmed">
            {t('members.reminded', { date: sinceText(request.remindedAt) })}
          </Text>
        )}
        {request.answers.map((answer, index) => (
          <Stack key={index} gap={0}>
            <Text size="sm" c="dimmed">
              <MemberText>{zone.questions[index] ?? ''}</MemberText>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              <MemberText>{answer}</MemberText>
            </Text>
          </Stack>
        ))}
        <Group gap="xs" justify="flex-end">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setDeclining(true)}
            disabled={act.isPending}
            aria-label={t('members.declineFrom', { name })}
          >
            {t('members.decline')}
          </Button>
          <Button
            size="sm"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => act.mutate({ user: request._id, action: { kind: 'approve' } })}
            loading={act.isPending && act.variables?.action.kind === 'approve'}
            disabled={act.isPending}
            aria-label={t('members.approveFrom', { name })}
          >
            {t('members.approve')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('members.declineTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="md">
          <Textarea
            label={t('members.reason')}
            description={t('members.reasonHint')}
            autosize
            minRows={2}
            maxLength={ZONE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Button
            color="red"
            loading={act.isPending}
            onClick={() =>
              act.mutate(
                { user: request._id, action: { kind: 'decline', reason: reason.trim() } },
                { onSuccess: () => setDeclining(false) },
              )
            }
          >
            {t('members.decline')}
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}
