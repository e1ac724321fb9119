import { createContext, useContext } from 'react';
import type { RemoteName } from '@home-energy/shared';

export interface RemoteSlotValue {
  remote: RemoteName;
  retry: () => void;
}

export const RemoteSlotContext = createContext<RemoteSlotValue | null>(null);

export function useRemoteSlot(): RemoteSlotValue | null {
  return useContext(RemoteSlotContext);
}
