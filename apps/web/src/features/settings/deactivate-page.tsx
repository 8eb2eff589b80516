import { PendingScreen } from '../../ui/pending-screen.tsx';

export function DeactivatePage() {
  return <PendingScreen titleKey="pending.title" />;
}
