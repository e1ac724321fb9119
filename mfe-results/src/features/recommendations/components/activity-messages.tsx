import { useTranslation } from 'react-i18next';
import { MESSAGE_LEVELS, type ActivityMessage } from '@home-energy/shared';

const rank = (message: ActivityMessage) => MESSAGE_LEVELS.indexOf(message.level);

/**
 * A recommendation's messages, errors first, then warnings, then notices, each saying its level, in the page's language
 * (the engine sends codes only).
 */
export function ActivityMessages({ messages }: { messages: readonly ActivityMessage[] }) {
  const { t } = useTranslation('results');
  if (messages.length === 0) return null;
  const sorted = [...messages].sort((a, b) => rank(a) - rank(b));
  return (
    <ul className="rd-messages">
      {sorted.map((message) => (
        <li key={message.id} className={`rd-msg rd-msg--${message.level}`} data-level={message.level}>
          <span className="rd-msg__level">{t(`messageLevels.${message.level}`)}</span>{' '}
          {t([`activityMessages.${message.id}`, 'activityMessages.fallback'], { ...message.values })}
        </li>
      ))}
    </ul>
  );
}
