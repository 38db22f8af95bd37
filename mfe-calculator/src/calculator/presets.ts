/** The furniture catalogue of the calculator (spec §3): Spanish labels, sizes in cm. */
export interface Preset {
  id: string;
  name: string;
  displayName: string;
  length: number;
  width: number;
  height: number;
  unit: 'cm';
}

const preset = (id: string, displayName: string, length: number, width: number, height: number): Preset => ({
  id,
  name: id,
  displayName,
  length,
  width,
  height,
  unit: 'cm',
});

export const PRESETS: readonly Preset[] = [
  preset('desk', 'Mesa de escritorio', 120, 60, 75),
  preset('coffee_table', 'Mesa baja', 90, 55, 45),
  preset('office_chair', 'Silla de ordenador', 60, 60, 90),
  preset('armchair', 'Sillón', 85, 85, 90),
  preset('bed_frame_single', 'Somier cama 90x190', 190, 90, 25),
  preset('bed_frame_double', 'Somier cama 180x200', 200, 180, 25),
  preset('sofa_2_seater', 'Sofá 2 plazas', 180, 90, 85),
  preset('sofa_3_seater', 'Sofá 3 plazas', 220, 90, 85),
  preset('bookshelf', 'Estantería', 80, 30, 180),
  preset('wardrobe', 'Armario', 120, 60, 200),
  preset('refrigerator', 'Nevera', 70, 70, 180),
  preset('washing_machine', 'Lavadora', 60, 60, 85),
  preset('dining_table', 'Mesa de comedor', 150, 90, 75),
  preset('dining_chair', 'Silla comedor', 45, 45, 90),
  preset('tv_stand', 'Mueble TV', 150, 40, 50),
  preset('custom', 'Objeto personalizado', 50, 50, 50),
];

export const CUSTOM_PRESET_ID = 'custom';

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
