import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentPreview as Preview } from '../../../preload/api';
import { base64ToBytes, readableZpl, zplForRenderer } from './zpl-text';
import { renderZpl } from './render-zpl';
import { renderPdf } from './render-pdf';

type Rendering = { state: 'loading' } | { state: 'images'; images: string[] } | { state: 'failed' };

/**
 * A document as the printer will see it: rendered images, or its decoded text when rendering fails.
 * Give it a `key` per document: a new document starts a new rendering.
 */
export function DocumentPreview({ preview, onClose }: { preview: Preview; onClose?: () => void }) {
  const { t } = useTranslation();
  const [rendering, setRendering] = useState<Rendering>({ state: 'loading' });
  const text = useMemo(
    () => (preview.format === 'zpl' ? readableZpl(preview.base64, preview.charset ?? 'cp850') : undefined),
    [preview],
  );

  useEffect(() => {
    let cancelled = false;
    const work =
      preview.format === 'zpl'
        ? renderZpl(zplForRenderer(preview.base64, preview.charset ?? 'cp850')).then((images) =>
            images.map((image) => `data:image/png;base64,${image}`),
          )
        : renderPdf(base64ToBytes(preview.base64));
    work.then(
      (images) => {
        if (!cancelled) setRendering(images.length ? { state: 'images', images } : { state: 'failed' });
      },
      () => {
        if (!cancelled) setRendering({ state: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [preview]);

  const name = preview.description ?? preview.documentId;
  return (
    <section className="panel preview" aria-label={t('preview.title')} data-testid="document-preview">
      <div className="row">
        <h2>{t('preview.title')}</h2>
        {onClose ? (
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t('preview.close')}
          </button>
        ) : null}
      </div>
      {rendering.state === 'loading' ? <p role="status">{t('preview.loading')}</p> : null}
      {rendering.state === 'images'
        ? rendering.images.map((src, index) => (
            <img
              key={index}
              className="preview-image"
              src={src}
              alt={`${t('preview.image', { name })} ${t('preview.page', { number: index + 1 })}`}
            />
          ))
        : null}
      {rendering.state === 'failed' ? <p>{t('preview.failed')}</p> : null}
      {text !== undefined && rendering.state !== 'images' ? (
        <pre className="preview-text mono" data-testid="preview-text">
          {text}
        </pre>
      ) : null}
    </section>
  );
}
