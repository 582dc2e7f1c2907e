import { useTranslation } from 'react-i18next';

export function JobsScreen() {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1>{t('nav.jobs')}</h1>
    </section>
  );
}
