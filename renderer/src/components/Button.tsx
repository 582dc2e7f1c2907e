import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonTone = 'plain' | 'primary' | 'danger' | 'quiet';

/**
 * The app's button: a tone, and `busy` while its call runs. It stays enabled while busy (a focused button that
 * becomes disabled swallows every key in Chromium); the action ignores a second press instead.
 */
export function Button({
  tone = 'plain',
  busy,
  className,
  type = 'button',
  ref,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: ButtonTone;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  const classes = ['button', tone === 'plain' ? '' : `button-${tone}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button {...rest} ref={ref} type={type} className={classes} aria-busy={busy || undefined} />;
}
