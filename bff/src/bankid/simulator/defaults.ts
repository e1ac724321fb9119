/** The simulator's port when BANKID_SIMULATOR_PORT is unset, bundled (demo mode) or on its own (main.ts). */
export const DEFAULT_SIMULATOR_PORT = 3010;
