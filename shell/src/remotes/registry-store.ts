import { registryApi, type AppStore } from '@home-energy/shared';
import { onRegistry } from './registry';

/**
 * Puts each registry answer this page gets in the store, where the remotes read it (the console's menu links
 * mfe-admin's pages by the routes of its release), and holds it for the page's life: no remote asks the server again,
 * and what they read is what the shell routes by.
 */
export function keepRegistryInStore(store: AppStore): void {
  let held = false;
  onRegistry((registry) => {
    void store.dispatch(registryApi.util.upsertQueryData('getRegistry', undefined, registry)).then(() => {
      // A subscription of the page's own: the answer is not dropped while no remote reads it.
      if (!held) store.dispatch(registryApi.endpoints.getRegistry.initiate(undefined));
      held = true;
    });
  });
}
