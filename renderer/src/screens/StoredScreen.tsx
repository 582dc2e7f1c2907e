import { useTranslation } from 'react-i18next';

export function StoredScreen() {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1>{t('nav.stored')}</h1>
    </section>
  );
}
