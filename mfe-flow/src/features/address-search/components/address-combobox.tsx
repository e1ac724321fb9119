import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addressSuggestionsQuerySchema, maxLengthOf, useDebounced } from '@home-energy/shared';
import { formatPostcode } from '@home-energy/shared/format/postcode';
import { useGetAddressSuggestionsQuery, type AddressSuggestion } from '../api/search-api';

const DEBOUNCE_MS = 250;
/** The field takes no more than the API's query does (a longer paste is cut, not refused). */
const QUERY_MAX = maxLengthOf(addressSuggestionsQuerySchema.shape.q);

/** The address field: suggestions as you type (debounced), in the ARIA combobox pattern (arrows, Enter, Escape). */
export function AddressCombobox({ onSelect }: { onSelect: (suggestion: AddressSuggestion) => void }) {
  const { t } = useTranslation('flow');
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const { data, isFetching, isError, error } = useGetAddressSuggestionsQuery(query, { skip: query.length < 2 });
  const suggestions = query.length >= 2 && data ? data.suggestions : [];
  const listId = `${id}-list`;
  const showList = open && query.length >= 2;

  function choose(suggestion: AddressSuggestion) {
    setText(suggestion.name);
    setOpen(false);
    setActive(-1);
    onSelect(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length === 0 ? -1 : (i + 1) % suggestions.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (suggestions.length === 0 ? -1 : (i - 1 + suggestions.length) % suggestions.length));
    } else if (event.key === 'Enter') {
      const pick = suggestions[active] ?? (suggestions.length === 1 ? suggestions[0] : undefined);
      if (pick) {
        event.preventDefault();
        choose(pick);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  let status = '';
  if (showList && !isFetching) {
    // A 400 is about what was typed, not the search being down.
    const refused = error !== undefined && 'status' in error && error.status === 400;
    if (isError) status = refused ? t('search.invalid', { max: QUERY_MAX }) : t('search.failed');
    else if (data && suggestions.length === 0) status = t('search.noMatches');
    else if (suggestions.length > 0) status = t('search.count', { count: suggestions.length });
  }

  return (
    <div className="flow-combobox">
      <label htmlFor={`${id}-input`} className="flow-label">
        {t('search.label')}
      </label>
      <input
        id={`${id}-input`}
        className="flow-input flow-input--large"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('search.placeholder')}
        maxLength={QUERY_MAX}
        aria-autocomplete="list"
        aria-expanded={showList && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={
          active >= 0 && suggestions[active] ? `${id}-option-${suggestions[active].id}` : undefined
        }
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList && isFetching ? <span className="flow-combobox__busy" aria-hidden="true" /> : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className="flow-combobox__list"
        hidden={!showList || suggestions.length === 0}
      >
        {suggestions.map((s, index) => (
          // The input takes the keys (aria-activedescendant).
          // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={s.id}
            id={`${id}-option-${s.id}`}
            role="option"
            aria-selected={index === active}
            className="flow-combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(s)}
          >
            <span className="flow-combobox__street">{s.street}</span>
            <span className="flow-combobox__place">
              {formatPostcode(s.postal_code)} {s.postal_city}
            </span>
          </li>
        ))}
      </ul>
      {/* One live region: read out the count while the list shows, visible when there is nothing to pick. */}
      <p
        className={suggestions.length > 0 || !status ? 'he-visually-hidden' : 'flow-hint'}
        role="status"
        aria-live="polite"
      >
        {status}
      </p>
    </div>
  );
}
