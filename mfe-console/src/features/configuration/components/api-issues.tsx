import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '@home-energy/shared/ui/user-management/api-error';
import { useIssueTexts, type ValueIssue } from '@home-energy/shared/ui/user-management/issue-texts';

/** Where a problem is, in words, from its path without `body` (['questions', '3', 'data', 'min']). */
export type IssuePlace = (path: readonly string[]) => string | undefined;

const segments = (issue: ValueIssue): string[] =>
  typeof issue.path === 'string'
    ? issue.path.split('.').slice(1)
    : (issue.path ?? []).map((segment) => String(segment));

/**
 * What the BFF refused (a 400 lists them in `issues`), or what the editor's own check found (`issues`), each problem
 * on its own line in the page's language.
 */
export function ApiIssues({
  error,
  issues: checked,
  place,
}: {
  error?: unknown;
  issues?: readonly ValueIssue[];
  place?: IssuePlace;
}) {
  const { t, i18n } = useTranslation('console');
  const texts = useIssueTexts();
  if (!error && !checked) return null;
  const body = apiErrorBody(error);
  const issues: readonly ValueIssue[] = checked ?? body?.issues ?? [];
  const failure = checked ? t('configuration.fix') : texts.failureText(error, t('common.saveFailed'));

  function line(issue: ValueIssue): string {
    // Without words for the place, its path ("financial_providers.0.url") still says where.
    const where = place ? place(segments(issue)) : segments(issue).join('.') || undefined;
    const key = `configuration.issues.${issue.code}`;
    const unit = typeof issue.params?.unit === 'string' ? t(`configuration.units.${issue.params.unit}`) : undefined;
    const own = issue.code && i18n.exists(key, { ns: 'console' }) ? t(key, { ...issue.params, unit }) : null;
    const text = own ?? texts.issueText(issue);
    // The API's own (English) message names its place already.
    return where && text !== issue.message ? `${where}: ${text}` : text;
  }

  return (
    <div className="he-alert" role="alert">
      <p style={{ margin: 0 }}>{failure}</p>
      {/* The API's message for the form names its first problem: a list only when there are more. */}
      {issues.length > 1 || (issues.length === 1 && failure !== body?.message) ? (
        <ul>
          {issues.map((issue, i) => (
            <li key={i}>{line(issue)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
