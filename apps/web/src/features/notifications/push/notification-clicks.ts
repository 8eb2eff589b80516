import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { appLinks } from '../../../lib/platform/app-links.ts';

/** A tap on a notification while the app is open: the router goes to its page, without reloading the app. */
export function useNotificationClicks(): void {
  const navigate = useNavigate();
  useEffect(() => appLinks.listen((path) => void navigate(path)), [navigate]);
}
