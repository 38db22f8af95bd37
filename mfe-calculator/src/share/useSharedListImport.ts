import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import { useSearchParams } from 'shared-router';
import { toast } from 'shared-ui/toast';
import type { CalculatorItem } from '../calculator/items';
import { useCalculator } from '../calculator/store';
import { applySharedList, needsChoice, type SharedListChoice } from './merge';
import { decodeList, SHARE_PARAM } from './share-link';

/**
 * Opening a share link: with no list of one's own (or the same one) the shared list simply
 * loads; otherwise the visitor chooses (replace, add to mine, cancel) in `pending`'s dialog.
 * The address is tidied either way, so a reload does not ask again.
 */
export function useSharedListImport(): {
  pending: CalculatorItem[] | null;
  resolve(choice: SharedListChoice): void;
} {
  const { t } = useTranslation('calculator');
  const [params, setParams] = useSearchParams();
  const encoded = params.get(SHARE_PARAM);
  const [pending, setPending] = useState<CalculatorItem[] | null>(null);

  useEffect(() => {
    if (encoded === null) return;
    let current = true;
    void decodeList(encoded).then((shared) => {
      if (!current) return;
      const own = useCalculator.getState().items;
      if (!shared) {
        toast({ title: t('share.invalid'), variant: 'destructive' });
      } else if (needsChoice(own, shared)) {
        setPending(shared);
      } else {
        useCalculator.getState().replace(shared);
        toast({ title: t('share.loaded'), description: t('share.loadedText'), variant: 'success' });
      }
      // Tidied once read (changing the address ends this effect: not before).
      setParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(SHARE_PARAM);
          return next;
        },
        { replace: true },
      );
    });
    return () => {
      current = false;
    };
  }, [encoded, setParams, t]);

  const resolve = useCallback(
    (choice: SharedListChoice) => {
      if (!pending) return;
      setPending(null);
      if (choice === 'cancel') return;
      useCalculator.getState().replace(applySharedList(useCalculator.getState().items, pending, choice));
      toast({
        title: t(choice === 'add' ? 'share.added' : 'share.loaded'),
        description: t(choice === 'add' ? 'share.addedText' : 'share.loadedText'),
        variant: 'success',
      });
    },
    [pending, t],
  );

  return { pending, resolve };
}
