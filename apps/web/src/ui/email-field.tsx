import { TextInput, type TextInputProps } from '@mantine/core';

/** An e-mail input: the e-mail keyboard on phones and the browser's address autofill. */
export function EmailField(props: TextInputProps) {
  return <TextInput type="email" inputMode="email" autoComplete="email" {...props} />;
}
