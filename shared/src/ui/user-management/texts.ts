import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import sv from './locales/sv.json';

/** The namespace of these components' texts. They travel inside the module (no fetch), in every remote that uses it. */
export const USER_MANAGEMENT_NS = 'user-management';

/** useTranslation for the user-management texts, adding them to the page's i18n instance on first use. */
export function useUserManagementTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', USER_MANAGEMENT_NS)) {
    i18n.addResourceBundle('en', USER_MANAGEMENT_NS, en, true, true);
    i18n.addResourceBundle('sv', USER_MANAGEMENT_NS, sv, true, true);
  }
  return useTranslation(USER_MANAGEMENT_NS);
}
