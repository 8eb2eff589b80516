import { NativeSelect, type NativeSelectProps } from '@mantine/core';

type Option = { value: string; label: string };

/**
 * A choice that may be left unsaid, as the phone's own picker: a native <select> whose first option
 * (`notSaid`, the empty value) stands for null. Mantine's Select draws its list in the page, and on a
 * touch screen a tap on it near the foot of a form scrolled the page away and opened the list off
 * screen; the system picker opens over the page where the finger is, on every phone.
 */
export function OptionalNativeSelect({
  value,
  onChange,
  data,
  notSaid,
  ...rest
}: Omit<NativeSelectProps, 'value' | 'onChange' | 'data'> & {
  value?: string | null;
  onChange: (value: string | null) => void;
  data: Option[];
  notSaid: string;
}) {
  return (
    <NativeSelect
      {...rest}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[{ value: '', label: notSaid }, ...data]}
    />
  );
}
