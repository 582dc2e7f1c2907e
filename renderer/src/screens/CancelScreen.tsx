import { useTranslation } from 'react-i18next';

export function CancelScreen() {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1>{t('nav.cancel')}</h1>
    </section>
  );
}
