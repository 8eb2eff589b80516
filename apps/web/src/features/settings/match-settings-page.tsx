import { PendingScreen } from '../../ui/pending-screen.tsx';

export function MatchSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
