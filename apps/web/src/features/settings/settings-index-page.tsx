import { PendingScreen } from '../../ui/pending-screen.tsx';

export function SettingsIndexPage() {
  return <PendingScreen titleKey="pending.title" />;
}
