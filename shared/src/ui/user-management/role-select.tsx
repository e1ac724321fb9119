import type { SelectHTMLAttributes } from 'react';
import { ORGANISATION_ROLES, type OrganisationRole } from '../../schemas/session';
import { useUserManagementTranslation } from './texts';

/** A choice of organisation role, each named in the page's language. */
export function RoleSelect({
  value,
  onChange,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: OrganisationRole;
  onChange: (role: OrganisationRole) => void;
}) {
  const { t } = useUserManagementTranslation();
  return (
    <select {...select} value={value} onChange={(e) => onChange(e.target.value as OrganisationRole)}>
      {ORGANISATION_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </select>
  );
}
