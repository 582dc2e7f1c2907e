import { useTranslation } from 'react-i18next';

export function ManifestScreen() {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1>{t('nav.manifest')}</h1>
    </section>
  );
}
