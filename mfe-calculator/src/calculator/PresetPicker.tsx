import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from './Calculator.module.css';
import { findPreset, PRESETS } from './presets';
import { useCalculator } from './store';

/** The picker's element id: where the focus goes when the list it fed is emptied. */
export const PICKER_ID = 'preset-picker';

/**
 * Adds a furniture type only once one is chosen, then clears the choice and leaves the focus on
 * the picker, ready for the next one. The select is uncontrolled: on a slow phone it is on screen
 * (server-rendered) seconds before React takes the page, and a choice made then is the visitor's,
 * kept and adopted at start-up, never reset by hydration.
 */
export function PresetPicker() {
  const { t } = useTranslation('calculator');
  const addPreset = useCalculator((s) => s.addPreset);
  const [selected, setSelected] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const preset = findPreset(selected);
  useEffect(() => {
    const chosen = select.current?.value ?? '';
    if (chosen) setSelected(chosen);
  }, []);
  return (
    <form
      className={styles.picker}
      onSubmit={(event) => {
        event.preventDefault();
        if (!preset) return;
        addPreset(preset);
        setSelected('');
        if (select.current) {
          select.current.value = '';
          // The Add button is disabled now: the focus would fall to the page.
          select.current.focus();
        }
      }}
    >
      <label htmlFor={PICKER_ID}>{t('picker.label')}</label>
      <div className={styles.pickerRow}>
        <select
          ref={select}
          className={controls.control}
          id={PICKER_ID}
          defaultValue=""
          onChange={(e) => setSelected(e.target.value)}
        >
          <option value="">{t('picker.placeholder')}</option>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.displayName}
            </option>
          ))}
        </select>
        <button type="submit" className={controls.primary} disabled={!preset}>
          {t('picker.add')}
        </button>
      </div>
    </form>
  );
}
