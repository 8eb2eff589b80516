import { ActionIcon, Group } from '@mantine/core';
import { IconHeartFilled, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Decision } from './use-swap-deck.ts';

/** Both buttons' diameter: one size for both, large enough for a thumb (WCAG's 44 px and more). */
export const DECISION_SIZE = 64;

/** Pass and like under the card, round and of one size, where the thumb rests (as Tinder's). */
export function DecisionButtons({ onDecide }: { onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation('discovery');
  return (
    <Group justify="center" gap={40} wrap="nowrap" data-decisions="">
      <ActionIcon
        size={DECISION_SIZE}
        radius={DECISION_SIZE}
        variant="default"
        aria-label={t('swap.pass')}
        title={t('swap.pass')}
        onClick={() => onDecide('pass')}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <IconX size={30} stroke={2.5} color="var(--mantine-color-red-7)" aria-hidden />
      </ActionIcon>
      <ActionIcon
        size={DECISION_SIZE}
        radius={DECISION_SIZE}
        variant="filled"
        color="coral"
        aria-label={t('swap.like')}
        title={t('swap.like')}
        onClick={() => onDecide('like')}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <IconHeartFilled size={30} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
