import { useRef, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import { useModalDialog } from 'shared-ui/modal-dialog';
import styles from './Facilities.module.css';
import { GALLERY, IMAGE_HEIGHT, IMAGE_WIDTH } from './gallery';

/**
 * A thumbnail is a link to its large image: tapped before the scripts have run, the browser
 * opens the image itself. Once they have, the same tap opens the lightbox, unless the visitor
 * asked for a new tab or window.
 */
function Thumb({ image, alt, onOpen }: { image: (typeof GALLERY)[number]; alt: string; onOpen: () => void }) {
  const { t } = useTranslation('marketing');
  return (
    <a
      href={image.large}
      className={styles.thumb}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
      aria-label={t('facilities.openImage', { alt })}
    >
      <img
        src={image.small}
        srcSet={`${image.small} 600w, ${image.large} 1200w`}
        sizes="(min-width: 768px) 25vw, 50vw"
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        loading="lazy"
        decoding="async"
        alt={alt}
      />
    </a>
  );
}

/** Four lazy images with fixed dimensions (no layout shift) and a keyboard-navigable lightbox. */
export function Gallery() {
  const { t } = useTranslation('marketing');
  const alts = t('facilities.gallery', { returnObjects: true }) as string[];
  const [open, setOpen] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const total = GALLERY.length;

  useModalDialog(dialogRef, open !== null);

  const move = (step: number) => setOpen((i) => (i === null ? i : (i + step + total) % total));
  const current = open === null ? null : GALLERY[open];

  return (
    <>
      <ul className={styles.gallery}>
        {GALLERY.map((image, index) => (
          <li key={image.small}>
            <Thumb image={image} alt={alts[index] ?? ''} onOpen={() => setOpen(index)} />
          </li>
        ))}
      </ul>
      <dialog
        ref={dialogRef}
        className={styles.lightbox}
        aria-label={open === null ? undefined : t('facilities.lightbox', { index: open + 1, total })}
        onClose={() => setOpen(null)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          if (event.key === 'ArrowLeft') move(-1);
        }}
      >
        {current && open !== null && (
          <figure>
            <img src={current.large} width={IMAGE_WIDTH} height={IMAGE_HEIGHT} alt={alts[open] ?? ''} />
            <figcaption>
              {alts[open]} · {t('facilities.lightbox', { index: open + 1, total })}
            </figcaption>
            <div className={styles.lightboxActions}>
              <button type="button" onClick={() => move(-1)}>
                ← {t('facilities.previous')}
              </button>
              <button type="button" onClick={() => move(1)}>
                {t('facilities.next')} →
              </button>
              <button type="button" onClick={() => setOpen(null)}>
                {t('facilities.close')}
              </button>
            </div>
          </figure>
        )}
      </dialog>
    </>
  );
}
