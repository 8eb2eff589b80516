import { ActionIcon, Button, Group, List, Menu, Modal, Stack } from '@mantine/core';
import { IconBan, IconDotsVertical, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Sex } from '@motema/shared/users';
import { notify } from '../../lib/notices.ts';
import { failureReason, isSessionEnd } from './failure-reason.ts';
import { useBlockMutation, type ForgetBlocked } from './safety.api.ts';

type Props = {
  userId: string;
  name: string;
  /** The member's sex when known: French and Romanian say "prévenue", "blocată" for a woman. */
  sex?: Sex | null;
  /** What the profile forgets of the member once blocked (its lists, its copy of the profile). */
  forgetBlocked: ForgetBlocked;
};

/** The safety menu of another member's profile: block (after a confirmation) or report. */
export function ProfileSafetyMenu({ userId, name, sex, forgetBlocked }: Props) {
  const { t } = useTranslation(['safety', 'errors']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMutation({ forget: forgetBlocked });
  // i18next's context: `block.done_female`, else `block.done` (words that fit everyone).
  const context = sex ?? undefined;

  const confirmBlock = () =>
    block.mutate(userId, {
      onSuccess: () => {
        setConfirming(false);
        notify('positive', t('block.done', { name, context }));
        void navigate('/home', { replace: true });
      },
      onError: (error) => {
        if (isSessionEnd(error)) return;
        notify('negative', t('block.failed', { name, reason: failureReason(error, t) }), 6000);
      },
    });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="xl"
            radius="xl"
            aria-label={t('menu.label', { name })}
          >
            <IconDotsVertical size={22} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={`/settings/report/profile/${encodeURIComponent(userId)}`}
            state={{ name }}
            leftSection={<IconFlag size={18} aria-hidden />}
          >
            {t('menu.report')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconBan size={18} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('menu.block')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal
        opened={confirming}
        onClose={() => !block.isPending && setConfirming(false)}
        title={t('block.title', { name })}
        centered
        radius="md"
      >
        <Stack gap="md">
          <List size="sm" spacing="xs">
            <List.Item>{t('block.hidden')}</List.Item>
            <List.Item>{t('block.match')}</List.Item>
            <List.Item>{t('block.silent', { name, context })}</List.Item>
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={block.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              leftSection={<IconBan size={18} aria-hidden />}
              loading={block.isPending}
              onClick={confirmBlock}
            >
              {t('block.confirm', { name })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
