import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The badge of a member whose selfie a moderator approved (docs/verification.md), beside their name
 * on cards, profiles and conversations: an icon named for screen readers; nothing when not verified.
 */
export function VerifiedBadge({ verified, size = 16 }: { verified: boolean; size?: number }) {
  const { t } = useTranslation('common');
  if (!verified) return null;
  return (
    <IconRosetteDiscountCheckFilled
      role="img"
      aria-label={t('verifiedBadge')}
      size={size}
      color="var(--mantine-color-blue-6)"
      style={{ flex: 'none', marginInlineStart: 4, alignSelf: 'center', verticalAlign: 'text-bottom' }}
    >
      <title>{t('verifiedBadge')}</title>
    </IconRosetteDiscountCheckFilled>
  );
}
