import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  useToast,
  type ContentItem,
  type ContentItemInput,
  PageHead,
  LoadFailed,
  useFormat,
  contentListQuerySchema,
  maxLengthOf,
  useMarkUsable,
  TableScroll,
} from '@home-energy/shared';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';
import { ConfirmButton } from '@home-energy/shared/ui/user-management/confirm-button';
import { EmptyState } from '../../../components/empty-state';
import { bucketLabel } from '../../analytics/lib/labels';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import {
  useCreateMessageMutation,
  useDeleteMessageMutation,
  useListMessagesQuery,
  useUpdateMessageMutation,
} from '../api/messages-api';
import { EMPTY_MESSAGE, MessageForm } from '../components/message-form';
import { MessagePreview } from '../components/message-preview';

const QUERY_MAX = maxLengthOf(contentListQuerySchema.shape.q);

const asInput = ({
  slug,
  type,
  title,
  key,
  content,
  date,
  valid_until,
  language,
  image,
  activity,
  require_terms,
  organisation,
}: ContentItem): ContentItemInput => ({
  slug,
  type,
  title,
  key,
  content,
  date,
  valid_until,
  language,
  image,
  activity: activity as ContentItemInput['activity'],
  require_terms,
  all_brands: organisation === null,
});

/** /console/org/:org/messages (super admins): the knowledge base the flow shows by key or by recommendation. */
export function MessagesPage() {
  const { t } = useTranslation('console');
  const { failureText } = useIssueTexts();
  const format = useFormat();
  const toast = useToast();
  const { organisation } = useOrganisationContext();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const list = useListMessagesQuery(
    { org: organisation.slug, q: search || undefined },
    { refetchOnMountOrArgChange: true },
  );
  const [create, createState] = useCreateMessageMutation();
  const [update, updateState] = useUpdateMessageMutation();
  const [remove] = useDeleteMessageMutation();
  // Usable once the knowledge base's list (or its empty state) shows.
  useMarkUsable(!list.isError && list.data !== undefined);

  async function save(body: ContentItemInput) {
    try {
      if (editing === 'new') await create({ org: organisation.slug, body }).unwrap();
      else if (editing) await update({ org: organisation.slug, id: editing.id, body }).unwrap();
      toast(t(editing === 'new' ? 'messages.created' : 'messages.updated', { title: body.title }));
      setEditing(null);
    } catch {
      // The form shows the error.
    }
  }
  async function destroy(item: ContentItem) {
    try {
      await remove({ org: organisation.slug, id: item.id }).unwrap();
      toast(t('messages.deleted', { title: item.title }));
    } catch (error) {
      toast(failureText(error, t('common.saveFailed')), 'error');
    }
  }
  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(q.trim());
  }

  const items = list.data?.items;
  return (
    <div className="he-stack">
      <PageHead title={t('pages.messages.title')} intro={t('pages.messages.intro')}>
        {editing === null ? (
          <button type="button" className="he-button" onClick={() => setEditing('new')}>
            {t('messages.new')}
          </button>
        ) : null}
      </PageHead>
      {editing !== null ? (
        <MessageForm
          key={editing === 'new' ? 'new' : editing.id}
          title={editing === 'new' ? t('messages.new') : t('messages.edit', { title: editing.title })}
          initial={editing === 'new' ? EMPTY_MESSAGE : asInput(editing)}
          busy={createState.isLoading || updateState.isLoading}
          error={editing === 'new' ? createState.error : updateState.error}
          onSave={(body) => void save(body)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <section className="he-section" aria-labelledby="messages-list">
        <h2 id="messages-list">{t('messages.list')}</h2>
        <form role="search" className="cn-inline-form" onSubmit={submitSearch}>
          <div className="he-field">
            <label htmlFor="messages-q">{t('messages.search')}</label>
            <input
              id="messages-q"
              type="search"
              value={q}
              maxLength={QUERY_MAX}
              onChange={(e) => setQ(e.target.value)}
            />
          </div>
          <button type="submit" className="he-button he-button--secondary">
            {t('messages.searchButton')}
          </button>
        </form>
        {list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : !items ? (
          <Loading />
        ) : items.length === 0 ? (
          <EmptyState title={search ? t('messages.noMatch', { q: search }) : t('messages.empty.title')}>
            {search ? null : t('messages.empty.text')}
          </EmptyState>
        ) : (
          <TableScroll label={t('messages.list')}>
            <table className="he-table">
              <caption className="he-visually-hidden">{t('messages.list')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('messages.fields.title')}</th>
                  <th scope="col">{t('messages.fields.key')}</th>
                  <th scope="col">{t('messages.fields.type')}</th>
                  <th scope="col">{t('messages.fields.activity')}</th>
                  <th scope="col">{t('messages.shownTo')}</th>
                  <th scope="col">{t('messages.updatedAt')}</th>
                  <th scope="col">
                    <span className="he-visually-hidden">{t('messages.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <Fragment key={item.id}>
                    <tr data-message={item.slug}>
                      <th scope="row">
                        {item.title}
                        <br />
                        <code className="he-muted he-id">{item.slug}</code>
                      </th>
                      <td>
                        <code className="he-id">{item.key}</code>
                      </td>
                      <td>{item.type}</td>
                      <td>{item.activity ? bucketLabel(t, 'activities', item.activity) : '–'}</td>
                      <td>{item.organisation ? item.organisation.name : t('messages.audience.all')}</td>
                      <td>{format.time(item.updated_at)}</td>
                      <td>
                        <div className="he-actions">
                          <button
                            type="button"
                            className="he-button he-button--secondary he-button--small"
                            aria-expanded={previewing === item.id}
                            onClick={() => setPreviewing(previewing === item.id ? null : item.id)}
                            aria-label={t('messages.previewOf', { title: item.title })}
                          >
                            {t('messages.previewButton')}
                          </button>
                          <button
                            type="button"
                            className="he-button he-button--secondary he-button--small"
                            onClick={() => setEditing(item)}
                            aria-label={t('messages.editOf', { title: item.title })}
                          >
                            {t('messages.editButton')}
                          </button>
                          <ConfirmButton
                            danger
                            label={t('messages.deleteButton')}
                            accessibleLabel={t('messages.deleteOf', { title: item.title })}
                            onConfirm={() => destroy(item)}
                          />
                        </div>
                      </td>
                    </tr>
                    {previewing === item.id ? (
                      <tr className="he-table__detail">
                        <td colSpan={7}>
                          <MessagePreview item={asInput(item)} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}
