import { useEffect } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { getTheme, setTheme } from '../lib/theme';

/**
 * A signed-in user's saved theme applies in a browser that has no theme of
 * its own yet (a new device); a theme chosen in this browser always wins.
 */
export function ThemeSync() {
  const { user } = useCurrentUser();
  const saved = user?.theme;

  useEffect(() => {
    if (saved && !getTheme().stored) setTheme(saved);
  }, [saved]);

  return null;
}
