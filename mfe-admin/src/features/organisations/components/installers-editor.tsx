import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { installersSchema, type Installer } from '@home-energy/shared/schemas/admin';
import { apiErrorBody, useIssueTexts, type ValueIssue } from '@home-energy/shared/ui/user-management';

type Outcome = { data: unknown } | { error: unknown };
const FIELDS = ['name', 'identifier', 'logo', 'url'] as const;
type Row = Installer & { key: number };

/**
 * The installers offered to the organisation's homeowners (docs/product.md §3: name, identifier, logo, url, each
 * 1–255), edited as an ordered list of small forms: add, remove, reorder, then save the whole list. Errors show on the
 * field they belong to.
 */
export function InstallersEditor({
  initial,
  onSave,
}: {
  initial: Installer[];
  onSave: (installers: Installer[]) => Promise<Outcome>;
}) {
  const { t } = useTranslation('admin');
  const { issueText, failureText } = useIssueTexts();
  // A problem at its field in words; the rule of a field whose check a code alone does not say.
  const rules: Partial<Record<string, string>> = {
    identifier: t('installers.rules.identifier'),
    logo: t('installers.rules.logo'),
    url: t('installers.rules.url'),
  };
  const said = (issue: ValueIssue) => {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : (issue.path ?? []).map(String);
    return issueText(issue, rules[path.at(-1) ?? '']);
  };
  const next = useRef(initial.length);
  const [rows, setRows] = useState<Row[]>(() => initial.map((installer, key) => ({ ...installer, key })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  function update(index: number, field: (typeof FIELDS)[number], value: string) {
    setRows((list) => list.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  }
  function move(index: number, by: -1 | 1) {
    setRows((list) => {
      const copy = [...list];
      [copy[index], copy[index + by]] = [copy[index + by], copy[index]];
      return copy;
    });
  }
  function add() {
    setRows((list) => [...list, { key: (next.current += 1), name: '', identifier: '', logo: '', url: '' }]);
    // Focus the new row's first field once it is rendered.
    setTimeout(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const installers = rows.map(({ key: _key, ...installer }) => installer);
    const checked = installersSchema.safeParse(installers);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), said(i)])));
      setFailure(t('form.fixErrors'));
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await onSave(checked.data);
    setSaving(false);
    if ('error' in result) {
      const issues = apiErrorBody(result.error)?.issues ?? [];
      // body.installers.0.url → 0.url
      setErrors(Object.fromEntries(issues.map((i) => [i.path.split('.').slice(2).join('.'), said(i)])));
      setFailure(issues.length > 0 ? t('form.fixErrors') : failureText(result.error, t('common.failed')));
    }
  }

  return (
    <form className="he-form" onSubmit={(e) => void save(e)} noValidate>
      {rows.length === 0 ? (
        <p className="he-muted">{t('installers.empty')}</p>
      ) : (
        <ol className="he-installers" ref={list} aria-label={t('installers.caption')}>
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="he-installer">
                <legend>{t('installers.legend', { number: index + 1, name: row.name || '…' })}</legend>
                <div className="he-form-grid">
                  {FIELDS.map((field) => {
                    const key = `${index}.${field}`;
                    const inputId = `installer-${row.key}-${field}`;
                    return (
                      <div key={field} className="he-field">
                        <label htmlFor={inputId}>{t(`installers.columns.${field}`)}</label>
                        <input
                          id={inputId}
                          type={field === 'url' ? 'url' : 'text'}
                          // The visible label plus the number, so each field is unique for screen readers and tests.
                          aria-label={t('installers.fieldLabel', {
                            field: t(`installers.columns.${field}`),
                            number: index + 1,
                          })}
                          value={row[field]}
                          onChange={(e) => update(index, field, e.target.value)}
                          aria-invalid={errors[key] ? true : undefined}
                          aria-describedby={errors[key] ? `${inputId}-error` : undefined}
                        />
                        {errors[key] ? (
                          <span id={`${inputId}-error`} className="he-field__error">
                            {errors[key]}
                          </span>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
                <div className="he-actions" style={{ marginTop: '0.6rem' }}>
                  <button
                    type="button"
                    className="he-button he-button--small he-button--secondary"
                    disabled={index === 0}
                    aria-label={t('installers.moveUp', { number: index + 1 })}
                    onClick={() => move(index, -1)}
                  >
                    {t('installers.up')}
                  </button>
                  <button
                    type="button"
                    className="he-button he-button--small he-button--secondary"
                    disabled={index === rows.length - 1}
                    aria-label={t('installers.moveDown', { number: index + 1 })}
                    onClick={() => move(index, 1)}
                  >
                    {t('installers.down')}
                  </button>
                  <button
                    type="button"
                    className="he-button he-button--small he-button--secondary"
                    aria-label={t('installers.remove', { number: index + 1 })}
                    onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                  >
                    {t('installers.removeShort')}
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {errors[''] ? <p className="he-field__error">{errors['']}</p> : null}
      {failure ? (
        <p className="he-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="he-actions">
        <button type="button" className="he-button he-button--secondary" onClick={add}>
          {t('installers.add')}
        </button>
        <button type="submit" className="he-button" disabled={saving}>
          {saving ? t('common.saving') : t('installers.save')}
        </button>
      </div>
    </form>
  );
}
