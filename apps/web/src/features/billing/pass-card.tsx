import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UserSubscription } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatMoney } from './money.ts';
import { PlanFacts, planTitle } from './plan-facts.tsx';
import { formatDate, passState, timeHeld, timeLeft, type PassState } from './passes.ts';

const BADGE_COLOR: Record<PassState, string> = {
  running: 'teal',
  paused: 'ochre',
  upcoming: 'ochre',
  ended: 'gray',
};

/**
 * One pass: its plan and what it gives, its price, where it stands (time left, on hold while a better
 * pass of the member's runs among `others`, or ended), and Cancel.
 */
export function PassCard({
  pass,
  now,
  others,
  onCancel,
}: {
  pass: UserSubscription;
  now: number;
  others: UserSubscription[];
  onCancel: (pass: UserSubscription) => void;
}) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const state = passState(pass, now, others);
  const plan = pass.subscription;
  const ends = formatDate(pass.endsAt, language);
  const spoken = ({ unit, count }: ReturnType<typeof timeLeft>) => t(`passes.left.${unit}`, { count });
  // On hold, a pass's end lies past the better passes' days: what it holds is its own days, after them.
  const held = state === 'paused' ? timeHeld(pass, now, others) : null;
  const resumes = held && formatDate(new Date(held.resumesAt).toISOString(), language);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5">
            {planTitle(t, plan)}
          </Title>
          <Badge color={BADGE_COLOR[state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`passes.state.${state}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('passes.price', {
            cdf: formatMoney(plan.cost.CDF, 'CDF', language),
            usd: formatMoney(plan.cost.USD, 'USD', language),
          })}
        </Text>
        <PlanFacts plan={plan} />
        <Text size="sm" fw={600}>
          {held
            ? `${spoken(held.left)} · ${t('passes.resumes', { date: resumes, end: ends })}`
            : state === 'running'
              ? `${spoken(timeLeft(pass, now))} · ${t('passes.until', { date: ends })}`
              : state === 'upcoming'
                ? t('passes.startsOn', { date: formatDate(pass.startsAt, language), end: ends })
                : pass.revokedAt
                  ? t('passes.refunded', { date: formatDate(pass.revokedAt, language) })
                  : t('passes.endedOn', { date: ends })}
        </Text>
        {state === 'paused' && (
          <Text size="sm" c="dimmed">
            {t('passes.paused')}
          </Text>
        )}
        {pass.canceledAt && state !== 'ended' && (
          <Text size="sm" c="dimmed">
            {t('passes.canceled', { date: ends })}
          </Text>
        )}
        {!pass.canceledAt && state !== 'ended' && (
          <Button
            variant="subtle"
            color="gray"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onCancel(pass)}
            aria-label={t('cancel.buttonLabel', { plan: planTitle(t, plan) })}
          >
            {t('cancel.button')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
