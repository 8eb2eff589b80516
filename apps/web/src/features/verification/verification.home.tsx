import { Affix, Alert, Button, Group, Text } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { HomePart } from '../../lib/feature-module.ts';
import { useMeQuery } from '../users/users.api.ts';

/**
 * A member a moderator asked to verify (hidden from lists and unable to message until then) sees on
 * every screen a banner leading to Settings > Verify your profile. Texts of `common`: no namespace
 * of its own loaded for every member.
 */
function VerificationRequiredBanner() {
  const { t } = useTranslation('common');
  const me = useMeQuery().data;
  const { pathname } = useLocation();
  if (!me?.verificationRequired || me.verified || pathname === '/settings/verify') return null;
  return (
    <Affix position={{ bottom: 72, left: 8, right: 8 }} zIndex={150}>
      <Alert color="ochre" variant="filled" icon={<IconRosetteDiscountCheck size={20} />} role="status">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{t('verificationRequired')}</Text>
          <Button component={Link} to="/settings/verify" size="xs" variant="white" color="dark">
            {t('verifyNow')}
          </Button>
        </Group>
      </Alert>
    </Affix>
  );
}

export const homePart: HomePart = { hosts: [VerificationRequiredBanner] };
