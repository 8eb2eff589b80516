import { StackLayout } from './stack-layout.tsx';

export function SettingsLayout() {
  return <StackLayout root="/settings" titleKey="nav.settings" backTo="/account" />;
}
