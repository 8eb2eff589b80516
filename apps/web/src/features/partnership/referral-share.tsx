import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { referralPath } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notices.ts';

/**
 * The link and the short code a partner gives. Share opens the phone's share sheet where there is
 * one (WhatsApp, SMS...), else copies the link and says so.
 */
export function ReferralShare({ code }: { code: string }) {
  const { t } = useTranslation('partnership');
  const link = `${location.origin}${referralPath(code)}`;
  const share = async () => {
    if (typeof navigator.share === 'function') {
      // The member closing the sheet rejects: nothing to say.
      await navigator
        .share({ title: t('share.title'), text: t('share.text', { code }), url: link })
        .catch(() => undefined);
      return;
    }
    // No clipboard (an old browser, a page over plain http): said, so the member copies it themselves.
    await (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard')))
      .then(() => notify('positive', t('share.copied'), 2000))
      .catch(() => notify('negative', t('share.copyFailed'), 4000));
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="referral">
      <Stack gap="sm">
        <Title order={2} size="h4" id="referral">
          {t('share.heading')}
        </Title>
        <Text size="sm">{t('share.intro')}</Text>
        <TextInput
          readOnly
          value={link}
          aria-label={t('share.link')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            {t('share.code')}{' '}
            <Text span fw={700} ff="monospace" fz="lg">
              {code}
            </Text>
          </Text>
          <Button leftSection={<IconShare size={18} aria-hidden />} onClick={() => void share()}>
            {t('share.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
