import { PendingScreen } from '../../ui/pending-screen.tsx';

export function AccessSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
