import { Anchor, Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCrown, IconHeart, IconPhotoPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PaymentRequest } from './payment-required.ts';
import { rememberPaywallReturn } from './paywall-return.ts';

/** Where "Subscribe now" leads (SPEC section 2): the member's subscriptions, with the profile when known. */
export function subscribePath(profile: string | null): string {
  return profile ? `/premium/subscriptions?profile=${encodeURIComponent(profile)}` : '/premium/subscriptions';
}

/**
 * The payment-required dialog (SPEC section 8): why the message did not go, the paid way first
 * (Subscribe now), and the free ways beside it, plainly (like them, answer those who write, a
 * fuller profile), with a plain "Not now". The message itself waits in the thread, failed, for a
 * retry.
 */
export function PaymentRequiredDialog({
  request,
  onClose,
}: {
  request: PaymentRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const { pathname, search } = useLocation();
  // Where the dialog opened: a payment's success leads back there (paywall-return.ts), also after the card page.
  const [openedAt] = useState(pathname + search);
  const { profile, reason } = request;
  const chat = request.refused === 'chat';
  const returnTo = request.returnTo ?? openedAt;

  useEffect(() => {
    if (profile) rememberPaywallReturn(profile, returnTo);
  }, [profile, returnTo]);

  // A refused chat start left the member on an empty Conversations: "Not now" returns to the profile.
  const navigate = useNavigate();
  const notNow = () => {
    onClose();
    if (chat && profile) void navigate(`/profile/${encodeURIComponent(profile)}`, { replace: true });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(chat ? 'paywall.titleChat' : 'paywall.title')}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text>{t(reason === null ? 'paywall.reason.unknown' : `paywall.reason.${reason}`)}</Text>
        <Button
          component={Link}
          to={subscribePath(profile)}
          onClick={onClose}
          size="md"
          leftSection={<IconCrown size={20} aria-hidden />}
        >
          {t('common:actions.subscribeNow')}
        </Button>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('paywall.free.title')}
          </Text>
          <List spacing="xs" size="sm">
            <List.Item
              icon={
                <ThemeIcon variant="light" color="coral" size={26} radius="xl">
                  <IconHeart size={16} aria-hidden />
                </ThemeIcon>
              }
            >
              {profile ? (
                <Anchor
                  component={Link}
                  to={`/profile/${encodeURIComponent(profile)}`}
                  onClick={onClose}
                  size="sm"
                >
                  {t('paywall.free.like')}
                </Anchor>
              ) : (
                t('paywall.free.like')
              )}
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="light" color="ochre" size={26} radius="xl">
                  <IconPhotoPlus size={16} aria-hidden />
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to="/settings/profile" onClick={onClose} size="sm">
                {t('paywall.free.profile')}
              </Anchor>
            </List.Item>
            {!chat && (
              <List.Item
                icon={
                  <ThemeIcon variant="light" color="gray" size={26} radius="xl">
                    <IconRefresh size={16} aria-hidden />
                  </ThemeIcon>
                }
              >
                {t('paywall.free.kept')}
              </List.Item>
            )}
          </List>
        </Stack>
        <Button variant="subtle" color="gray" onClick={notNow}>
          {t('paywall.notNow')}
        </Button>
      </Stack>
    </Modal>
  );
}
