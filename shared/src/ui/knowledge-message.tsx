import { useTranslation } from 'react-i18next';
import { useGetFlowMessageGroupQuery } from '../api/messages-api';
import { languageOf, type Language } from '../i18n/languages';
import type { ActivityType } from '../schemas/energy';
import { questionMessageKey, type FlowMessage } from '../schemas/content';
import { safeImageSrc } from '../schemas/url';

/** What a message shows: the flow's messages and the console's preview of one being written. */
export interface KnowledgeMessageContent {
  title: string;
  content: string;
  /** YYYY-MM-DD: the first day it applies. */
  date?: string | null;
  image?: string | null;
  /** The language it is written in, when not the page's (so screen readers read it right). */
  language?: Language | null;
}

const formatDay = (day: string, lng: Language) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(lng === 'sv' ? 'sv-SE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** One knowledge-base message, as homeowners see it. */
export function KnowledgeMessage({ message }: { message: KnowledgeMessageContent }) {
  const { t, i18n } = useTranslation('common');
  const image = safeImageSrc(message.image);
  const pageLanguage = languageOf(i18n);
  return (
    <section
      className="he-kb-message"
      aria-label={t('knowledge.label', { title: message.title })}
      lang={message.language && message.language !== pageLanguage ? message.language : undefined}
    >
      {image ? <img className="he-kb-message__image" src={image} alt="" loading="lazy" /> : null}
      <div>
        <p className="he-kb-message__title">{message.title}</p>
        {message.date ? (
          <p className="he-kb-message__date">{t('knowledge.from', { date: formatDay(message.date, pageLanguage) })}</p>
        ) : null}
        {message.content.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} className="he-kb-message__content">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}

/** Where the messages are shown: with a question of the flow (its key) or a recommendation (its activity). */
export type KnowledgePlace = { question: string; activity?: never } | { activity: ActivityType; question?: never };

/**
 * The knowledge-base messages for a question or a recommendation, in the page's language. Every question (or
 * recommendation) of the page shares one request (its group's), and each place takes only its own messages from it,
 * so an answer redraws none of the others. Nothing while there are none; a loading status while they come; on an
 * error nothing (they are extra help, and the page around them works without them).
 */
export function KnowledgeMessages(place: KnowledgePlace) {
  const { t, i18n } = useTranslation('common');
  const { data, isLoading } = useGetFlowMessageGroupQuery(
    { group: place.activity ? 'recommendations' : 'questions', lng: languageOf(i18n) },
    {
      selectFromResult: ({ data: group, isLoading: loading }) => ({
        isLoading: loading,
        data: place.activity ? group?.byActivity[place.activity] : group?.byKey[questionMessageKey(place.question)],
      }),
    },
  );
  if (isLoading) {
    // Said to screen readers only: a line shown and then taken away under every question and card would make the
    // page jump when most of them have no message.
    return (
      <p className="he-visually-hidden" role="status">
        {t('knowledge.loading')}
      </p>
    );
  }
  if (!data?.length) return null;
  return (
    <div className="he-kb" data-testid="knowledge-messages">
      {data.map((message: FlowMessage) => (
        <KnowledgeMessage key={message.id} message={message} />
      ))}
    </div>
  );
}
