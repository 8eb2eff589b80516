import { ActionIcon, Box, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import {
  cameFromPreviousStep,
  ONBOARDING_PATHS,
  ONBOARDING_STEPS,
  onboardingScreen,
} from '../lib/onboarding-steps.ts';
import { memberOnboardingStep } from '../lib/photo-step.ts';
import { useMeQuery } from '../features/users/users.api.ts';
import { SAFE_TOP } from '../ui/safe-area.ts';

/** Settings and Premium: a stack of screens with a back arrow and the section's title. */
export function StackLayout({ root, titleKey, backTo }: { root: string; titleKey: string; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const me = useMeQuery().data;
  const path = pathname.replace(/\/+$/, '');
  const atRoot = path === root;
  // During onboarding the header welcomes the member and counts the steps instead of naming the
  // section; its arrow goes to the step before (the guard lets a member back to it), none on the first.
  const due = me ? memberOnboardingStep(me) : null;
  const onboarding = due !== null;
  const shown = me ? onboardingScreen(me, path) : null;
  const step = shown ?? due;
  const previousStep = shown ? ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(shown) - 1] : undefined;
  const goBack = () => {
    if (previousStep) {
      if (cameFromPreviousStep(state)) void navigate(-1);
      else void navigate(ONBOARDING_PATHS[previousStep], { replace: true });
    } else if (atRoot) void navigate(backTo);
    else if (history.state?.idx > 0) void navigate(-1);
    else void navigate(root);
  };
  return (
    <Box mih="100dvh">
      <Box
        component="header"
        pb="xs"
        style={{
          paddingTop: `calc(var(--mantine-spacing-xs) + ${SAFE_TOP})`,
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Container size="sm">
          <Group gap="xs" wrap="nowrap">
            {(!onboarding || previousStep) && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={goBack}
                aria-label={t('actions.back')}
              >
                <IconArrowLeft size={22} />
              </ActionIcon>
            )}
            <Title order={2} size="h4" style={{ flex: 1 }}>
              {onboarding ? t('onboarding.title') : t(titleKey)}
            </Title>
            {step && (
              <Text size="sm" c="dimmed" data-onboarding-step="">
                {t('onboarding.step', {
                  step: ONBOARDING_STEPS.indexOf(step) + 1,
                  total: ONBOARDING_STEPS.length,
                })}
              </Text>
            )}
          </Group>
        </Container>
      </Box>
      <Container size="sm" py="md" component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
