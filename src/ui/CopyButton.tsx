import type { ReactNode } from 'react';
import { UI_TEXTS } from './texts';
import { COPY_TOASTS, type CopyToastKind } from '../../common/spec';
import { copyText } from '../lib/clipboard';
import { CopyIcon } from './icons';
import { useToast } from './useToast';

interface CopyButtonProps {
  value: string;
  /** Which of the spec's toasts: 'home' (default), 'detail' (cleared after 2000 ms) or 'api'. */
  toast?: CopyToastKind;
  /** Overrides the toast text / duration of `toast`. */
  toastText?: string;
  toastMs?: number;
  /** Accessible name when the button shows only the icon. */
  label?: string;
  /** Visible content instead of the icon (e.g. 'Copy Address'). */
  children?: ReactNode;
  className?: string;
  onCopied?: () => void;
  onError?: (reason: unknown) => void;
}

export function CopyButton({
  value,
  toast = 'home',
  toastText,
  toastMs,
  label = UI_TEXTS.copy,
  children,
  className,
  onCopied,
  onError,
}: CopyButtonProps) {
  const toasts = useToast();
  const preset = COPY_TOASTS[toast];

  const onClick = async () => {
    try {
      await copyText(value);
      toasts.show(toastText ?? preset.text, toastMs ?? preset.ms);
      onCopied?.();
    } catch (err) {
      onError?.(err);
    }
  };

  return (
    <button
      type="button"
      className={className ?? (children ? 'btn' : 'icon-btn')}
      aria-label={children ? undefined : label}
      title={children ? undefined : label}
      onClick={() => void onClick()}
    >
      {children ?? <CopyIcon />}
    </button>
  );
}
