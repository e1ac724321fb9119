import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ENERGY_CLASSES,
  useToast,
  type EnergyClass,
  type QueueDocument,
  type ValidationItem,
  useFormat,
  rejectionSchema,
  maxLengthOf,
} from '@home-energy/shared';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';
import {
  documentFileUrl,
  useApproveDocumentMutation,
  useRejectDocumentMutation,
  useReviewAnswersMutation,
} from '../api/validation-api';

const REASON_MAX = maxLengthOf(rejectionSchema.shape.reason);

/** A rule's figures for its sentence; a floor count also picks the sentence's plural form (i18next `_one`/`_other`). */
function ruleValues(values: ValidationItem['issues'][number]['values']): Record<string, unknown> {
  const floors = values.num_floors;
  return typeof floors === 'number' ? { ...values, count: floors } : { ...values };
}

/** One uploaded certificate: open it, then approve (as given, or corrected) or reject with a reason. */
function DocumentReview({ org, document }: { org: string; document: QueueDocument }) {
  const { t } = useTranslation('console');
  const { failureText } = useIssueTexts();
  const format = useFormat();
  const toast = useToast();
  const id = useId();
  const [energyClass, setEnergyClass] = useState(document.energy_class);
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [approve, approving] = useApproveDocumentMutation();
  const [reject, rejectState] = useRejectDocumentMutation();
  const busy = approving.isLoading || rejectState.isLoading;

  async function onApprove() {
    try {
      await approve({
        org,
        id: document.id,
        body: energyClass === document.energy_class ? {} : { energy_class: energyClass as EnergyClass },
      }).unwrap();
      toast(t('validation.approved', { energyClass }));
    } catch (error) {
      toast(failureText(error, t('common.saveFailed')), 'error');
    }
  }
  async function onReject(event: FormEvent) {
    event.preventDefault();
    try {
      await reject({ org, id: document.id, reason }).unwrap();
      toast(t('validation.rejected'));
    } catch (error) {
      toast(failureText(error, t('common.saveFailed')), 'error');
    }
  }

  return (
    <div className="cn-document" data-document={document.id}>
      <p>
        <a href={documentFileUrl(org, document.id)} download={document.file_name}>
          {t('validation.download', { name: document.file_name })}
        </a>{' '}
        <span className="he-muted">
          (
          {document.size_bytes < 1024
            ? `${document.size_bytes} B`
            : `${format.number(document.size_bytes / 1024, { maxDecimals: 0 })} kB`}
          , {t('validation.uploaded', { when: format.time(document.uploaded_at) })})
        </span>
      </p>
      <p>
        {t('validation.given', { energyClass: document.energy_class })}
        {document.ep !== null ? ` · EP ${format.number(document.ep)} kWh/m²` : ''}
        {document.issued_at ? ` · ${t('validation.issuedAt', { day: format.day(document.issued_at) })}` : ''}
      </p>
      <div className="he-actions">
        <label htmlFor={`${id}-class`}>{t('validation.classOnCertificate')}</label>
        <select
          id={`${id}-class`}
          className="he-select"
          value={energyClass}
          onChange={(e) => setEnergyClass(e.target.value)}
        >
          {ENERGY_CLASSES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button type="button" className="he-button he-button--small" disabled={busy} onClick={() => void onApprove()}>
          {t('validation.approve')}
        </button>
        <button
          type="button"
          className="he-button he-button--secondary he-button--small"
          disabled={busy}
          onClick={() => setRejecting((r) => !r)}
          aria-expanded={rejecting}
        >
          {t('validation.reject')}
        </button>
      </div>
      {rejecting ? (
        <form className="cn-inline-form" onSubmit={onReject}>
          <div className="he-field">
            <label htmlFor={`${id}-reason`}>{t('validation.reason')}</label>
            <input
              id={`${id}-reason`}
              className="he-input"
              type="text"
              required
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <button
            type="submit"
            className="he-button he-button--danger he-button--small"
            disabled={busy || !reason.trim()}
          >
            {t('validation.confirmReject')}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** A home in the queue: the answers that look wrong (accept or reject them) and its uploaded certificates. */
export function ValidationItemCard({ org, item }: { org: string; item: ValidationItem }) {
  const { t } = useTranslation('console');
  const { failureText } = useIssueTexts();
  const format = useFormat();
  const toast = useToast();
  const [review, reviewState] = useReviewAnswersMutation();
  async function decide(outcome: 'accepted' | 'rejected') {
    try {
      await review({ org, profileId: item.profile_id, body: { outcome } }).unwrap();
      toast(t(`validation.answers.${outcome}`));
    } catch (error) {
      toast(failureText(error, t('common.saveFailed')), 'error');
    }
  }
  return (
    <li className="he-section cn-queue-item" data-profile={item.profile_id}>
      <h2 className="cn-panel__title">{item.property.name}</h2>
      <p className="he-muted">
        {t(`validation.owner.${item.owner}`)} ·{' '}
        {t('validation.calculated', { energyClass: item.calculated_class ?? '–' })}
        {item.issued_epc ? ` · ${t('validation.issued', { energyClass: item.issued_epc.class })}` : ''} ·{' '}
        {t('validation.updated', { when: format.time(item.updated_at) })}
      </p>
      {item.issues.length > 0 ? (
        <div className="cn-issues">
          <h3>{t('validation.answers.title')}</h3>
          <ul>
            {item.issues.map((issue) => (
              <li key={issue.rule}>
                <strong>{t(`validation.rules.${issue.rule}.title`)}</strong>{' '}
                {t(`validation.rules.${issue.rule}.text`, ruleValues(issue.values))}
              </li>
            ))}
          </ul>
          <div className="he-actions">
            <button
              type="button"
              className="he-button he-button--small"
              disabled={reviewState.isLoading}
              onClick={() => void decide('accepted')}
            >
              {t('validation.answers.accept')}
            </button>
            <button
              type="button"
              className="he-button he-button--secondary he-button--small"
              disabled={reviewState.isLoading}
              onClick={() => void decide('rejected')}
            >
              {t('validation.answers.reject')}
            </button>
          </div>
        </div>
      ) : null}
      {item.documents.length > 0 ? (
        <div className="cn-documents">
          <h3>{t('validation.documents')}</h3>
          {item.documents.map((document) => (
            <DocumentReview key={document.id} org={org} document={document} />
          ))}
        </div>
      ) : null}
    </li>
  );
}
