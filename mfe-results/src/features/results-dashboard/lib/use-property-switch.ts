import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@home-energy/shared/router';
import { useGetProfileQuery, usePatchProfileMutation, useSession } from '@home-energy/shared';
import { dashboardPath } from '@home-energy/shared/mfe/pages';

/**
 * docs/product.md §2/§4 property switching: `?property_id=<id>&building_id=primary` moves the dashboard to that
 * property, but only when it differs from the current one and is in the signed-in homeowner's profile. The profile's
 * selected property follows. Anything else leaves the dashboard where it is (and says why when the property is not the
 * homeowner's).
 */
export function usePropertySwitch(currentId: number) {
  const session = useSession();
  const homeowner = session.status === 'authenticated' && session.data?.user.kind === 'homeowner';
  const profile = useGetProfileQuery(undefined, { skip: !homeowner });
  const [patchProfile] = usePatchProfileMutation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const requested = params.get('property_id');
  const building = params.get('building_id');

  useEffect(() => {
    if (requested === null) return;
    const id = Number(requested);
    if (homeowner && !profile.data && !profile.isError) return; // wait for the profile
    const owned = profile.data?.properties.some((property) => property.id === id) ?? false;
    if (building === 'primary' && Number.isInteger(id) && id !== currentId && owned) {
      setRefused(false);
      navigate(dashboardPath(id));
      if (profile.data?.selectedPropertyId !== id)
        void patchProfile({ selectedPropertyId: id })
          .unwrap()
          .catch(() => undefined);
      return;
    }
    setRefused(id !== currentId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('property_id');
        next.delete('building_id');
        return next;
      },
      { replace: true },
    );
  }, [requested, building, currentId, homeowner, profile.data, profile.isError, navigate, patchProfile, setParams]);

  useEffect(() => setRefused(false), [currentId]);

  const choose = (id: number) => setParams({ property_id: String(id), building_id: 'primary' });
  return { properties: profile.data?.properties ?? null, choose, refused, dismiss: () => setRefused(false) };
}
