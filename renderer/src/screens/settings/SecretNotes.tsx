import { useTranslation } from 'react-i18next';
import type { VaultNotice } from '../../../../preload/api';
import { formatList } from '../../i18n/format';

/**
 * What the station says of a saved secret besides its mask: the line under the secret field, and the vault's
 * notice (a secret it could not read and why, or a warning about how it is kept), in the packer's language.
 */
export function useStoredSecretLine(): (
  secret: { hasSecret: boolean; secretMask?: string; secretFor?: string; secretOrigins?: string[] },
  texts: { stored: (mask: string) => string; none: string },
) => string {
  const { t, i18n } = useTranslation();
  return (secret, texts) => {
    if (secret.hasSecret) return texts.stored(secret.secretMask ?? '••••••••');
    // Saved for another address: never sent to this one, so the admin enters it again.
    // Listed in the packer's language ("a och b"); `secretFor`, joined in English, only from an older host.
    const origins = secret.secretOrigins?.length
      ? formatList(secret.secretOrigins, i18n.language)
      : secret.secretFor;
    if (origins) return t('secrets.enteredFor', { origins });
    return texts.none;
  };
}

const WARNINGS = new Set<VaultNotice['code']>(['key_was_readable', 'basic_text']);

export function VaultNoticeAlert({ notice, testId }: { notice?: VaultNotice; testId: string }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <p
      className={`alert ${WARNINGS.has(notice.code) ? 'alert-warn' : 'alert-error'}`}
      role="status"
      data-testid={testId}
      data-code={notice.code}
    >
      {t(`secrets.vault.${notice.code}`, { file: notice.file })}
    </p>
  );
}
