import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sex } from '@motema/shared/users';
import type { ForgetBlocked } from './safety.api.ts';
import { useSafetyActions } from './use-safety-actions.tsx';

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
  const { t } = useTranslation('safety');
  const { items, dialog } = useSafetyActions({ userId, name, sex, forget: forgetBlocked, leaveTo: '/home' });
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
        <Menu.Dropdown>{items}</Menu.Dropdown>
      </Menu>
      {dialog}
    </>
  );
}
