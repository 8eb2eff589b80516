import { PendingScreen } from '../../ui/pending-screen.tsx';

export function DeleteAccountPage() {
  return <PendingScreen titleKey="pending.title" />;
}
