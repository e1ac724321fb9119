import type { LoginMethod } from '@home-energy/shared';

/** The flow texts naming each login method: button labels of the choice and headings of the order. */
export const LOGIN_METHOD_LABELS: Record<LoginMethod, string> = {
  'bankid.same_device': 'sign.sameDevice',
  'bankid.other_device': 'sign.otherDevice',
};
