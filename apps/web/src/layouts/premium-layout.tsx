import { StackLayout } from './stack-layout.tsx';

export function PremiumLayout() {
  return <StackLayout root="/premium" titleKey="nav.premium" backTo="/account" />;
}
