import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEXT_MAX_LENGTH } from '@motema/shared/chat';

/** The count shows from this length on: near the limit, not while writing an ordinary message. */
export const LENGTH_COUNTER_FROM = MESSAGE_TEXT_MAX_LENGTH - 500;

/** Over the server's limit (counted as it counts: the trimmed text's UTF-16 units). */
export const isTooLong = (text: string) => text.length > MESSAGE_TEXT_MAX_LENGTH;

/** "3,812 / 4,000" (in the interface language's digits) above the field, red past the limit. */
export function ComposerLength({ length, id }: { length: number; id: string }) {
  const { t, i18n } = useTranslation('thread');
  if (length < LENGTH_COUNTER_FROM) return null;
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <Text
      id={id}
      size="xs"
      ta="end"
      pe={52}
      mb={2}
      fw={length > MESSAGE_TEXT_MAX_LENGTH ? 700 : undefined}
      c={length > MESSAGE_TEXT_MAX_LENGTH ? 'var(--mantine-color-error)' : 'dimmed'}
      data-testid="composer-length"
    >
      {t('composer.length', { length: format.format(length), max: format.format(MESSAGE_TEXT_MAX_LENGTH) })}
    </Text>
  );
}
