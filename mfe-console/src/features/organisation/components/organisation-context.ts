import { useOutletContext } from '@home-energy/shared/router';
import type { MenuContext, OrganisationDetails, SessionUser } from '@home-energy/shared';

/** What the organisation layout hands to the pages below it. */
export interface OrganisationOutletContext {
  user: SessionUser;
  organisation: OrganisationDetails;
  menu: MenuContext;
}

export function useOrganisationContext(): OrganisationOutletContext {
  return useOutletContext<OrganisationOutletContext>();
}
