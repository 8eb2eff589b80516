import { Button, Group, Input, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MemberText } from '../../../ui/member-text.tsx';

/**
 * An e-mail the page already knows (the link's `?email=`), shown as text under its label with a way to
 * change it: an empty-looking field would ask the member to type it again.
 */
export function KnownEmail({ email, onChange }: { email: string; onChange: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Input.Wrapper label={t('fields.email')} labelElement="div" size="md">
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Text fw={600} truncate="end" miw={0}>
          <MemberText>{email}</MemberText>
        </Text>
        <Button variant="subtle" size="compact-md" onClick={onChange} aria-label={t('otp.changeEmail')}>
          {t('otp.change')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
