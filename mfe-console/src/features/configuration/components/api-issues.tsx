import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '@home-energy/shared/ui/user-management/api-error';

/** What the BFF refused, each problem on its own line (a 400 lists them in `issues`). */
export function ApiIssues({ error }: { error: unknown }) {
  const { t } = useTranslation('console');
  if (!error) return null;
  const body = apiErrorBody(error);
  const issues = body?.issues ?? [];
  return (
    <div className="he-alert" role="alert">
      <p style={{ margin: 0 }}>{body?.message ?? t('common.saveFailed')}</p>
      {issues.length > 1 ? (
        <ul>
          {issues.map((issue, i) => (
            <li key={i}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
