import { Text } from '@mantine/core';
import type { PaymentMethod } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';

/** The wizard's steps (SPEC section 4): mobile is phone, process, status; card is ready, card details, process, status. */
const STEPS = {
  mobile_money: ['phone', 'process', 'status'],
  card: ['ready', 'card', 'process', 'status'],
} as const;
export type WizardStep = (typeof STEPS)[PaymentMethod][number];

/** "Step 2 of 3: Approve on your phone", above each step of the wizard. */
export function PaymentStep({ method, step }: { method: PaymentMethod; step: WizardStep }) {
  const { t } = useTranslation('billing');
  const steps: readonly WizardStep[] = STEPS[method];
  return (
    <Text size="sm" c="dimmed" fw={500}>
      {t('wizard.step', {
        number: steps.indexOf(step) + 1,
        total: steps.length,
        name: t(`wizard.steps.${step}`),
      })}
    </Text>
  );
}
