import { baseApi } from '@home-energy/shared';
import { SPEED_WINDOWS, type AdminSpeed } from '@home-energy/shared/schemas/admin';

/** The windows GET /api/admin/speed answers for, in days; the page shows the default one until another is chosen. */
export type SpeedWindow = (typeof SPEED_WINDOWS)[number];
export const DEFAULT_SPEED_WINDOW: SpeedWindow = 28;
export { SPEED_WINDOWS };

/** GET /api/admin/speed?days=: real users' speed per page over the last 7, 28 or 90 days, slowest page first. */
const speedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSpeed: build.query<AdminSpeed, SpeedWindow>({
      query: (days) => ({ url: `admin/speed?days=${days}`, cache: 'no-store' }),
    }),
  }),
});

export const { useGetSpeedQuery } = speedApi;
