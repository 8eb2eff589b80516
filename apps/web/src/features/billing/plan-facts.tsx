import { List, ThemeIcon } from '@mantine/core';
import { IconCalendarCheck, IconHeartHandshake, IconTrendingUp } from '@tabler/icons-react';
import { FREE_POPULARITY_MARGIN, planReachPoints, type Subscription } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../lib/error-text.ts';

/** A plan's name from its stable key ('week', 'month', 'quarter'), else from its days. */
export function planTitle(t: Translate, plan: Pick<Subscription, 'key' | 'days'>): string {
  return t(`billing:plan.title.${plan.key}`, {
    defaultValue: t('billing:plan.title.days', { count: plan.days }),
  });
}

/**
 * What a plan gives, said in plain words from its fields before anyone pays (DESIGN.md, Words):
 * its days; how many popularity points above their own it lets them write first (against the free
 * margin); whether it reaches
 * members whose preferences they do not fit (and plainly when it does not).
 */
export function planFacts(t: Translate, plan: Pick<Subscription, 'days' | 'popularity' | 'preferences'>) {
  return [
    { key: 'days', Icon: IconCalendarCheck, text: t('billing:plan.facts.days', { count: plan.days }) },
    {
      key: 'popularity',
      Icon: IconTrendingUp,
      text:
        plan.popularity >= 100
          ? t('billing:plan.facts.popularityAll')
          : plan.popularity <= 0
            ? t('billing:plan.facts.noPopularity')
            : t('billing:plan.facts.popularity', {
                points: planReachPoints(plan.popularity),
                free: FREE_POPULARITY_MARGIN,
              }),
    },
    {
      key: 'preferences',
      Icon: IconHeartHandshake,
      text: t(plan.preferences ? 'billing:plan.facts.preferences' : 'billing:plan.facts.noPreferences'),
    },
  ];
}

export function PlanFacts({ plan }: { plan: Pick<Subscription, 'days' | 'popularity' | 'preferences'> }) {
  const { t } = useTranslation('billing');
  return (
    <List spacing={6} size="sm">
      {planFacts(t, plan).map(({ key, Icon, text }) => (
        <List.Item
          key={key}
          icon={
            <ThemeIcon variant="light" color="coral" size={24} radius="xl">
              <Icon size={15} aria-hidden />
            </ThemeIcon>
          }
        >
          {text}
        </List.Item>
      ))}
    </List>
  );
}
