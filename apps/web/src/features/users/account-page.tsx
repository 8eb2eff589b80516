import { PendingScreen } from '../../ui/pending-screen.tsx';

export function AccountPage() {
  return <PendingScreen titleKey="pending.title" />;
}
