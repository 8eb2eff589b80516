import { PendingScreen } from '../../ui/pending-screen.tsx';

export function PhoneSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
