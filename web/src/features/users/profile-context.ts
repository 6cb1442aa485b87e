import { useOutletContext } from 'react-router';
import type { CurrentUser, UserProfile } from '@earmark/common';

/** What the profile layout hands to each of its tabs. */
export interface ProfileContext {
  profile: UserProfile;
  /** The signed-in viewer, or null when signed out. */
  viewer: CurrentUser | null;
  isOwnProfile: boolean;
  /** The name to show: the display name, else the username. */
  displayName: string;
}

export const useProfileContext = () => useOutletContext<ProfileContext>();
