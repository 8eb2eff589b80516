import { PendingScreen } from '../../ui/pending-screen.tsx';

export function EmailSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
