// Console user management, shared by mfe-admin (/console/admin/user-management) and mfe-console
// (/console/org/{org}/user-management). Imported by this path, so each remote bundles it into its own release;
// its state (API slice, toasts, i18n, session) comes from the '@home-energy/shared' singleton.
export { UserManagement, type UserManagementProps } from './user-management';
export { useListConsoleUsersQuery, type UserScope } from './api';
export type { OrganisationOption } from './create-user-form';
export { apiErrorBody, fieldErrors } from './api-error';
export { useIssueTexts, type FieldRules, type ValueIssue } from './issue-texts';
export { ConfirmButton } from './confirm-button';
export { useUserManagementTranslation } from './texts';
