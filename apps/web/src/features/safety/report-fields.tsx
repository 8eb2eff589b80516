import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { REPORT_TEXT_MAX_LENGTH } from '@motema/shared/safety';

/** A choice as a card the width of the screen: easy to hit with a thumb, outlined once chosen. */
export function RadioChoice({ value, label, checked }: { value: string; label: string; checked: boolean }) {
  return (
    <Radio.Card
      value={value}
      radius="md"
      p="sm"
      style={
        checked
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              background: 'var(--mantine-primary-color-light)',
            }
          : undefined
      }
    >
      <Group wrap="nowrap" gap="sm">
        <Radio.Indicator />
        <Text>{label}</Text>
      </Group>
    </Radio.Card>
  );
}

/** The optional details, with their length against the limit (red beyond it). */
export function ReportTextField({ input, length }: { input: GetInputPropsReturnType; length: number }) {
  const { t } = useTranslation('safety');
  return (
    <Stack gap={4}>
      <Textarea
        label={t('report.text')}
        description={t('report.textHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...input}
      />
      <Text size="xs" c={length > REPORT_TEXT_MAX_LENGTH ? 'red.7' : 'dimmed'} ta="right" aria-live="polite">
        {t('report.textCount', { length, max: REPORT_TEXT_MAX_LENGTH })}
      </Text>
    </Stack>
  );
}
