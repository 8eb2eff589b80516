import { Alert, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ZONE_ANSWER_MAX_LENGTH, ZONE_REMINDER_INTERVAL_MS, type Zone } from '@motema/shared/zones';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { MemberText } from '../../ui/member-text.tsx';
import { useEnterZoneMutation, useMembershipQuery, useOwnMembershipMutation } from './zones.api.ts';

/** The one action of the caller's place in the zone: join, request, cancel and remind, or leave. */
export function ZoneAction({ zone, visitor }: { zone: Zone; visitor: boolean }) {
  const { t } = useTranslation('zones');
  const navigate = useNavigate();
  const own = useOwnMembershipMutation(zone._id);
  const [leaving, setLeaving] = useState(false);
  const outside = zone.role === null || zone.role === 'waiting';
  // An admin's too: whether they are the only one, who must name another before leaving.
  const membership = useMembershipQuery(zone._id, !visitor && (outside || zone.role === 'admin'));

  if (visitor)
    return (
      <Button component={Link} to={`/login?from=${encodeURIComponent(`/zone/${zone._id}`)}`}>
        {t('action.login')}
      </Button>
    );
  if (zone.role === 'waiting') {
    const last = membership.data?.lastReminderAt;
    const next = last ? Date.parse(last) + ZONE_REMINDER_INTERVAL_MS : 0;
    const canRemind = next <= Date.now();
    return (
      <Stack gap="xs">
        <Text>{t('action.waiting')}</Text>
        <Button
          onClick={() => own.mutate('remind', { onSuccess: () => notify('positive', t('action.reminded')) })}
          disabled={!canRemind || own.isPending}
          loading={own.isPending && own.variables === 'remind'}
        >
          {t('action.remind')}
        </Button>
        {!canRemind && (
          <Text size="sm" c="dimmed">
            {t('action.remindAgain', {
              when: formatDate(next, currentLanguage(), {
                weekday: 'long',
                hour: 'numeric',
                minute: '2-digit',
              }),
            })}
          </Text>
        )}
        <Button
          variant="default"
          onClick={() => own.mutate('cancel')}
          loading={own.isPending && own.variables === 'cancel'}
          disabled={own.isPending}
        >
          {t('action.cancel')}
        </Button>
      </Stack>
    );
  }
  if (zone.role !== null && membership.data?.lastAdmin)
    return (
      <>
        <Button variant="default" color="red" onClick={() => setLeaving(true)}>
          {t('action.leave')}
        </Button>
        <OnlyAdmin zoneId={zone._id} opened={leaving} onClose={() => setLeaving(false)} />
      </>
    );
  if (zone.role !== null)
    return (
      <>
        <Button variant="default" color="red" onClick={() => setLeaving(true)}>
          {t('action.leave')}
        </Button>
        <ConfirmDialog
          opened={leaving}
          onClose={() => setLeaving(false)}
          title={t('action.leaveTitle')}
          cancelLabel={t('action.keep')}
          confirmLabel={t('action.leave')}
          danger
          loading={own.isPending}
          onConfirm={() =>
            own.mutate('leave', {
              // The zone's page is left for good: the tab takes its place in the history.
              onSuccess: () => void navigate('/zones', { replace: true }),
              onSettled: () => setLeaving(false),
            })
          }
        >
          {t('action.leaveText')}
        </ConfirmDialog>
      </>
    );
  if (membership.data?.banned) return <Text c="dimmed">{t('action.banned')}</Text>;
  return (
    <Stack gap="xs">
      {membership.data?.declineReason !== null && membership.data?.declineReason !== undefined && (
        <Alert color="orange" title={t('action.declined')}>
          {membership.data.declineReason ? (
            <MemberText>{membership.data.declineReason}</MemberText>
          ) : (
            t('action.noReason')
          )}
        </Alert>
      )}
      {zone.access === 'public' ? <JoinButton zone={zone} /> : <RequestButton zone={zone} />}
    </Stack>
  );
}

/**
 * The only admin cannot leave (the server answers 409 `zone_last_admin`): said up front, with the way
 * to name another, the members list.
 */
function OnlyAdmin({ zoneId, opened, onClose }: { zoneId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('zones');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('action.onlyAdminTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text>{t('action.onlyAdminText')}</Text>
        <Button component={Link} to={`/zone/${zoneId}/members`} style={{ alignSelf: 'flex-start' }}>
          {t('action.toMembers')}
        </Button>
      </Stack>
    </Modal>
  );
}

function JoinButton({ zone }: { zone: Zone }) {
  const { t } = useTranslation('zones');
  const enter = useEnterZoneMutation(zone._id);
  return (
    <Button onClick={() => enter.mutate(null)} loading={enter.isPending}>
      {t('action.join')}
    </Button>
  );
}

/** A private zone: the request, with an answer to each of its questions, in a dialog. */
function RequestButton({ zone }: { zone: Zone }) {
  const { t } = useTranslation('zones');
  const enter = useEnterZoneMutation(zone._id);
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<string[]>(() => zone.questions.map(() => ''));
  const send = () =>
    enter.mutate(
      answers.map((answer) => answer.trim()),
      { onSuccess: () => setOpen(false) },
    );
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('action.request')}</Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('action.requestTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="md">
          {zone.questions.length === 0 && <Text size="sm">{t('action.noQuestions')}</Text>}
          {zone.questions.map((question, index) => (
            <Textarea
              key={index}
              label={<MemberText>{question}</MemberText>}
              autosize
              minRows={2}
              maxLength={ZONE_ANSWER_MAX_LENGTH}
              required
              value={answers[index] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setAnswers((all) => all.map((answer, at) => (at === index ? value : answer)));
              }}
            />
          ))}
          <Button
            onClick={send}
            loading={enter.isPending}
            disabled={answers.some((answer) => answer.trim() === '')}
          >
            {t('action.send')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
