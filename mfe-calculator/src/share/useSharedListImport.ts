import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'shared-ui/toast';
import { useCalculator } from '../calculator/store';
import { decodeList, SHARE_PARAM } from './share-link';

/** Opening a share link replaces the list with the shared one, then tidies the address. */
export function useSharedListImport(): void {
  const { t } = useTranslation('calculator');
  const [params, setParams] = useSearchParams();
  const encoded = params.get(SHARE_PARAM);
  const replace = useCalculator((s) => s.replace);
  useEffect(() => {
    if (encoded === null) return;
    const items = decodeList(encoded);
    if (items) {
      replace(items);
      toast({ title: t('share.loaded'), description: t('share.loadedText'), variant: 'success' });
    } else {
      toast({ title: t('share.invalid'), variant: 'destructive' });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [encoded, replace, setParams, t]);
}
