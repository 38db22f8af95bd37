import { useRef, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import { useEarlyClick } from 'shared-ui/early-click';
import { useModalDialog } from 'shared-ui/modal-dialog';
import styles from './Facilities.module.css';
import { GALLERY, IMAGE_HEIGHT, IMAGE_WIDTH } from './gallery';

/** A thumbnail: a tap before the scripts have run opens its image once they have. */
function Thumb({ image, alt, onOpen }: { image: (typeof GALLERY)[number]; alt: string; onOpen: () => void }) {
  const { t } = useTranslation('marketing');
  const earlyClick = useEarlyClick<HTMLButtonElement>();
  return (
    <button
      {...earlyClick}
      type="button"
      className={styles.thumb}
      onClick={onOpen}
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
    </button>
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
