import { useEffect, useRef, useState } from 'react';
import { useUserManagementTranslation } from './texts';

/**
 * A button for something hard to undo: the first press asks "Are you sure?" with Yes/Cancel in place (focus moves to
 * Yes; Cancel returns it), so keyboard and screen reader users confirm the same way as everyone else.
 */
export function ConfirmButton({
  label,
  onConfirm,
  danger = false,
  disabled = false,
  accessibleLabel,
}: {
  label: string;
  /** A fuller name for the first button when the label alone is ambiguous in a list (e.g. "Roll back to 1.2.0"). */
  accessibleLabel?: string;
  onConfirm: () => void | Promise<unknown>;
  danger?: boolean;
  disabled?: boolean;
}) {
  const { t } = useUserManagementTranslation();
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={trigger}
        type="button"
        className={`he-button he-button--small ${danger ? 'he-button--danger' : 'he-button--secondary'}`}
        disabled={disabled}
        aria-label={accessibleLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="he-actions" role="group" aria-label={accessibleLabel ?? label}>
      <span>{t('actions.confirm')}</span>
      <button
        ref={yes}
        type="button"
        className={`he-button he-button--small ${danger ? 'he-button--danger' : ''}`}
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          void onConfirm();
        }}
      >
        {t('actions.confirmYes', { action: label.toLowerCase() })}
      </button>
      <button
        type="button"
        className="he-button he-button--small he-button--secondary"
        onClick={() => setAsking(false)}
      >
        {t('actions.cancel')}
      </button>
    </span>
  );
}
