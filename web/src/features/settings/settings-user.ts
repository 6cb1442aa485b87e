import { useOutletContext } from 'react-router';
import type { CurrentUser } from '@earmark/common';

/** What the settings layout hands its pages: the signed-in user, always present there. */
export interface SettingsOutletContext {
  user: CurrentUser;
}

export function useSettingsUser(): CurrentUser {
  return useOutletContext<SettingsOutletContext>().user;
}
