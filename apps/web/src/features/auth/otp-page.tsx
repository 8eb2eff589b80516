import { PendingScreen } from '../../ui/pending-screen.tsx';

export function OtpPage() {
  return <PendingScreen titleKey="pending.title" />;
}
