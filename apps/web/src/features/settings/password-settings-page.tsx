import { PendingScreen } from '../../ui/pending-screen.tsx';

export function PasswordSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
