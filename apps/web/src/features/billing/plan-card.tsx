import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { Subscription } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatMoney } from './money.ts';
import { PlanFacts, planTitle } from './plan-facts.tsx';

/** The wizard for `plan`, carrying the profile the member was writing to (its success leads back). */
export function subscribeLink(planId: string, profile: string | null): string {
  const path = `/premium/subscribe/${encodeURIComponent(planId)}`;
  return profile ? `${path}?profile=${encodeURIComponent(profile)}` : path;
}

/** One plan: its name, its price in both currencies, what it gives, and Subscribe. */
export function PlanCard({
  plan,
  mostChosen,
  profile,
}: {
  plan: Subscription;
  mostChosen: boolean;
  profile: string | null;
}) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const title = planTitle(t, plan);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      style={mostChosen ? { borderColor: 'var(--mantine-color-coral-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {mostChosen && (
            <Badge color="coral" variant="filled" style={{ flexShrink: 0 }}>
              {t('plan.mostChosen')}
            </Badge>
          )}
        </Group>
        <div>
          <Text fw={700} size="xl" lh={1.2}>
            {formatMoney(plan.cost.CDF, 'CDF', language)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('plan.orUsd', { price: formatMoney(plan.cost.USD, 'USD', language) })}
          </Text>
        </div>
        <PlanFacts plan={plan} />
        {plan.popular > 0 && (
          <Text size="xs" c="dimmed">
            {t('plan.chosenBy', { percent: plan.popular })}
          </Text>
        )}
        <Button
          component={Link}
          to={subscribeLink(plan._id, profile)}
          variant={mostChosen ? 'filled' : 'light'}
          leftSection={<IconCrown size={18} aria-hidden />}
          aria-label={t('plan.subscribeTo', { plan: title })}
        >
          {t('plan.subscribe')}
        </Button>
      </Stack>
    </Paper>
  );
}
