import { useOutletContext } from '@home-energy/shared/router';
import type { MenuContext, OrganisationDetails, SessionUser, VisibleMenu } from '@home-energy/shared';

/** What the organisation layout hands to the pages below it. */
export interface OrganisationOutletContext {
  user: SessionUser;
  organisation: OrganisationDetails;
  menu: MenuContext;
  /** The menu this user sees here, with each item's link (visibleMenu). */
  navigation: VisibleMenu;
}

export function useOrganisationContext(): OrganisationOutletContext {
  return useOutletContext<OrganisationOutletContext>();
}
