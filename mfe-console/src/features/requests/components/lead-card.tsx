import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatAddress,
  formatDate,
  LEAD_NOTE_MAX,
  LEAD_TRANSITIONS,
  type Lead,
  type LeadStatus,
} from '@home-energy/shared';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';
import { useUpdateLeadMutation } from '../api/requests-api';

/**
 * One request: where, what, who and how to reach them (only what the homeowner shared), and its status. `onSaved` hears
 * what to say politely once a save ends (saved, or failed).
 */
export function LeadCard({ org, lead, onSaved }: { org: string; lead: Lead; onSaved?: (message: string) => void }) {
  const { t, i18n } = useTranslation('console');
  const { failureText } = useIssueTexts();
  const id = useId();
  const next = LEAD_TRANSITIONS[lead.status];
  // A request the homeowner withdrew stays here with its history; it takes notes only (PATCH with its own status).
  const withdrawn = lead.status === 'withdrawn';
  // The homeowner erased their account: the lead stays as a record, without anyone to reach or anything to change.
  const accountDeleted = lead.status === 'account_deleted';
  // The homeowner withdrew their consent, or the retention period ended: none of their personal data is here.
  const removed = lead.personal_data_removed_at !== null;
  const [status, setStatus] = useState<LeadStatus | ''>(withdrawn ? 'withdrawn' : '');
  const [note, setNote] = useState(lead.note ?? '');
  const [update, updating] = useUpdateLeadMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const address = formatAddress({
    street: lead.property.street,
    postcode: lead.property.postal_code,
    city: lead.property.postal_city,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!status) return;
    setProblem(null);
    try {
      await update({ org, id: lead.id, body: { status, note: note.trim() === '' ? null : note.trim() } }).unwrap();
      if (!withdrawn) setStatus('');
      onSaved?.(withdrawn ? t('requests.noteSaved') : t('requests.statusSaved'));
    } catch (error) {
      setProblem(failureText(error, t('requests.saveFailed')));
      onSaved?.(t('requests.saveFailed'));
    }
  }

  return (
    <li className="cn-card cn-lead">
      <h2>{address}</h2>
      <dl className="cn-lead__facts">
        <dt>{t('requests.measure')}</dt>
        <dd>{t(measureTextKey(lead.key))}</dd>
        <dt>{t('requests.homeowner')}</dt>
        <dd className={removed || accountDeleted ? 'he-muted' : undefined}>
          {lead.homeowner.name ?? t(accountDeleted ? 'requests.nameErased' : 'requests.personalDataRemoved')}
        </dd>
        {lead.homeowner.email ? (
          <>
            <dt>{t('requests.email')}</dt>
            <dd>
              <a href={`mailto:${lead.homeowner.email}`}>{lead.homeowner.email}</a>
            </dd>
          </>
        ) : withdrawn || accountDeleted || removed ? null : (
          <>
            <dt>{t('requests.email')}</dt>
            <dd className="he-muted">{t('requests.emailUnconfirmed')}</dd>
          </>
        )}
        {lead.homeowner.mobile ? (
          <>
            <dt>{t('requests.mobile')}</dt>
            <dd>
              <a href={`tel:${lead.homeowner.mobile}`}>{lead.homeowner.mobile}</a>
            </dd>
          </>
        ) : null}
        <dt>{t('requests.requestedAt')}</dt>
        <dd>{formatDate(lead.requested_at, i18n.language)}</dd>
        <dt>{t('requests.status')}</dt>
        <dd>
          <span className={`cn-lead__status cn-lead__status--${lead.status}`}>
            {t(`requests.statuses.${lead.status}`)}
          </span>
        </dd>
        {lead.withdrawn_at ? (
          <>
            <dt>{t('requests.withdrawnAt')}</dt>
            <dd>{formatDate(lead.withdrawn_at, i18n.language)}</dd>
          </>
        ) : null}
        {lead.note ? (
          <>
            <dt>{t('requests.note')}</dt>
            <dd>{lead.note}</dd>
          </>
        ) : null}
      </dl>
      {withdrawn ? <p className="he-muted">{t('requests.withdrawnNote')}</p> : null}
      {accountDeleted ? <p className="he-muted">{t('requests.accountDeletedNote')}</p> : null}
      {removed && !withdrawn && !accountDeleted ? (
        <p className="he-muted">{t('requests.personalDataRemovedNote')}</p>
      ) : null}
      {next.length === 0 && !withdrawn ? null : (
        <form className="cn-lead__form" onSubmit={(event) => void onSubmit(event)}>
          {withdrawn ? null : (
            <div className="he-field">
              <label htmlFor={`${id}-status`}>{t('requests.newStatus')}</label>
              <select
                id={`${id}-status`}
                value={status}
                onChange={(event) => setStatus(event.target.value as LeadStatus | '')}
              >
                <option value="">{t('requests.choose')}</option>
                {next.map((s) => (
                  <option key={s} value={s}>
                    {t(`requests.statuses.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="he-field">
            <label htmlFor={`${id}-note`}>{t('requests.note')}</label>
            <textarea
              id={`${id}-note`}
              value={note}
              maxLength={LEAD_NOTE_MAX}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {problem ? (
            <p className="he-alert" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="he-button he-button--small" disabled={!status || updating.isLoading}>
            {updating.isLoading ? t('requests.saving') : withdrawn ? t('requests.saveNote') : t('requests.save')}
          </button>
        </form>
      )}
    </li>
  );
}
