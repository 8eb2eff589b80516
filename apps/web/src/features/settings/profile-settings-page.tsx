import { PendingScreen } from '../../ui/pending-screen.tsx';

export function ProfileSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
