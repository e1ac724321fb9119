// The keys the BFF writes for what people did: audit log actions (admin's audit page) and the flow's interactions
// (the console's Activities page). Each has words in both languages; a test holds the lists and the texts together.

/** Every action an audit row can have: the BFF's writes are typed with it, so a new one needs its words first. */
export const AUDIT_ACTIONS = [
  'organisation.create',
  'organisation.update',
  'organisation.deactivate',
  'organisation.reactivate',
  'impersonation.start',
  'impersonation.stop',
  'user.create',
  'user.update',
  'user.deactivate',
  'user.reactivate',
  'user.password_reset',
  'membership.add',
  'membership.role_change',
  'membership.remove',
  'account.update',
  'account.password_set',
  'account.password_change',
  'release.activate',
  'release.canary',
  'release.rollback',
  'release.list',
  'release.upload',
  'release.upload_refused',
  'release.token_refused',
  'release_token.create',
  'release_token.revoke',
  'configuration.questions',
  'configuration.brand',
  'configuration.prices',
  'configuration.installer_measures',
  'message.create',
  'message.update',
  'message.delete',
  'epc_document.download',
  'epc_document.approve',
  'epc_document.reject',
  'answers.accept',
  'answers.reject',
  'profile.view',
  'installer_request.status',
  'installer_request.note',
  'privacy.export',
  'privacy.erase',
  'retention.sweep',
  'request.write',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/** What the remotes report people did (POST /api/flow/interaction), counted on the console's Activities page. */
export const INTERACTION_ACTIONS = ['property_search.start', 'loan_type.change', 'contact.submit'] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];
