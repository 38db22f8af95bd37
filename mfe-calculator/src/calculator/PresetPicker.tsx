import { useState } from 'react';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from './Calculator.module.css';
import { findPreset, PRESETS } from './presets';
import { useCalculator } from './store';

/** Adds a furniture type only once one is chosen, then clears the choice. */
export function PresetPicker() {
  const { t } = useTranslation('calculator');
  const addPreset = useCalculator((s) => s.addPreset);
  const [selected, setSelected] = useState('');
  const preset = findPreset(selected);
  return (
    <form
      className={styles.picker}
      onSubmit={(event) => {
        event.preventDefault();
        if (!preset) return;
        addPreset(preset);
        setSelected('');
      }}
    >
      <label htmlFor="preset-picker">{t('picker.label')}</label>
      <div className={styles.pickerRow}>
        <select
          className={controls.control}
          id="preset-picker"
          value={selected}
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
