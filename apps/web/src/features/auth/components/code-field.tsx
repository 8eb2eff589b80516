import { Box, Input, PinInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ONE_TIME_CODE_LENGTH } from '@motema/shared/limits';

type CodeFieldProps = {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
};

/**
 * The 6-digit one-time code: digits only, `autocomplete="one-time-code"` so phones offer the code
 * from the SMS or mail, and a real label on the first box (a typed or pasted code fills every box).
 */
export function CodeField({
  label,
  value,
  onChange,
  onComplete,
  error,
  description,
  disabled,
  autoFocus,
}: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Box>
      <Input.Label htmlFor={`${id}-1`} size="md">
        {label}
      </Input.Label>
      {description && (
        <Input.Description id={descriptionId} size="md">
          {description}
        </Input.Description>
      )}
      <PinInput
        id={id}
        length={ONE_TIME_CODE_LENGTH}
        // type="number" brings the numeric keyboard; an explicit `inputMode` would make Mantine swallow Enter.
        type="number"
        oneTimeCode
        size="md"
        gap={8}
        placeholder=""
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        getInputProps={(index) => ({
          // The first box is named by the <label>; the others say which digit they hold.
          'aria-label':
            index === 0 ? undefined : t('fields.digit', { index: index + 1, total: ONE_TIME_CODE_LENGTH }),
          'aria-describedby': describedBy,
        })}
        mt={6}
      />
      {error && (
        <Input.Error id={errorId} size="md" mt={6}>
          {error}
        </Input.Error>
      )}
    </Box>
  );
}
