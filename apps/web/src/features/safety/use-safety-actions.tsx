import { List, Menu } from '@mantine/core';
import { IconBan, IconFlag } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Sex } from '@motema/shared/users';
import { notify } from '../../lib/notices.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { useBlockMutation, type ForgetBlocked } from './safety.api.ts';

type SafetyTarget = {
  userId: string;
  name: string;
  /** The member's sex when known: French and Romanian say "prévenue", "blocată" for a woman. */
  sex?: Sex | null;
  /** What the screen offering the actions forgets of the member once blocked. */
  forget: ForgetBlocked;
  /** Where the member goes once the block is stored: the screen they were on shows the blocked member. */
  leaveTo: string;
};

/**
 * Report and block another member, for any menu that offers them (a profile's, a thread's): the two
 * menu items, and the dialog that asks before blocking, then says it is done and leaves the screen.
 */
export function useSafetyActions(target: SafetyTarget | null): { items: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation(['safety', 'errors']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMutation({ forget: (queryClient, userId) => target?.forget(queryClient, userId) });
  if (!target) return { items: null, dialog: null };
  const { userId, name, leaveTo } = target;
  // i18next's context: `block.done_female`, else `block.done` (words that fit everyone).
  const context = target.sex ?? undefined;

  const confirmBlock = () =>
    block.mutate(userId, {
      onSuccess: () => {
        setConfirming(false);
        notify('positive', t('block.done', { name, context }));
        void navigate(leaveTo, { replace: true });
      },
      onError: (error) => {
        if (isSessionEnd(error)) return;
        notify('negative', t('block.failed', { name, reason: errorText(error, t) }), 6000);
      },
    });

  const items = (
    <>
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
    </>
  );

  const dialog = (
    <ConfirmDialog
      opened={confirming}
      onClose={() => setConfirming(false)}
      title={t('block.title', { name })}
      cancelLabel={t('common:actions.cancel')}
      confirmLabel={t('block.confirm', { name })}
      onConfirm={confirmBlock}
      danger
      loading={block.isPending}
    >
      <List size="sm" spacing="xs">
        <List.Item>{t('block.hidden')}</List.Item>
        <List.Item>{t('block.match')}</List.Item>
        <List.Item>{t('block.silent', { name, context })}</List.Item>
      </List>
    </ConfirmDialog>
  );
  return { items, dialog };
}
